/**
 * "Open in your AI": the assistants whose web app takes a prompt in its address, and the links to
 * them. Only assistants with evidence of a working parameter are listed; each says where it is
 * from. None of them publishes a limit, so every link keeps to one conservative length.
 */

/**
 * The longest link we hand over. 8,000 characters stays under the smallest limit a request
 * commonly meets on its way (nginx's default 8 KB request line, `large_client_header_buffers`);
 * Cloudflare, in front of several of these sites, allows 16 KB. Mintlify's and Starlight's
 * "Open in" menus use the same 8,000 as their budget for prompts carried in a link.
 */
export const maxUrlLength = 8000;

export interface Assistant {
  id: string;
  name: string;
  /** The assistant's new-chat page, opened without text when the prompt is too long to carry. */
  home: string;
  /** The new-chat page with the text filled in. */
  buildUrl: (text: string) => string;
  maxUrlLength: number;
}

function withQuery(base: string, parameter: string) {
  return (text: string) => `${base}?${parameter}=${encodeText(text)}`;
}

/**
 * Percent-encodes the text as UTF-8. Spaces become %20, never "+", which some of these apps
 * would show as a plus; a lone surrogate (half an emoji, from a cut) becomes U+FFFD instead of
 * making encodeURIComponent throw.
 */
export function encodeText(text: string) {
  return encodeURIComponent(text.toWellFormed());
}

export const assistants: readonly Assistant[] = [
  {
    // chatgpt.com/?q= starts a chat with the text: the form Starlight's "Open in ChatGPT" builds
    // (starlight-llm-actions, "url-prompt") and huggingface/chat-ui#436 cites.
    id: "chatgpt",
    name: "ChatGPT",
    home: "https://chatgpt.com/",
    buildUrl: withQuery("https://chatgpt.com/", "q"),
    maxUrlLength,
  },
  {
    // claude.ai/new?q= fills a new chat's message box, after a confirmation for text from
    // outside (described in a reference of claude.ai's deep links, whtwnd.com/austegard.com),
    // and leaves sending to the person: it stopped sending by itself in October 2025
    // (anthropics/claude-code#8827).
    id: "claude",
    name: "Claude",
    home: "https://claude.ai/new",
    buildUrl: withQuery("https://claude.ai/new", "q"),
    maxUrlLength,
  },
  {
    // perplexity.ai/search?q= asks the question: Mintlify's "Open in Perplexity" is configured
    // with exactly this base and key (mintlify/docs#903).
    id: "perplexity",
    name: "Perplexity",
    home: "https://www.perplexity.ai/",
    buildUrl: withQuery("https://www.perplexity.ai/search", "q"),
    maxUrlLength,
  },
  {
    // grok.com/?q= starts a chat: starlight-llm-actions lists it with ChatGPT and Perplexity
    // as taking a prompt in the address.
    id: "grok",
    name: "Grok",
    home: "https://grok.com/",
    buildUrl: withQuery("https://grok.com/", "q"),
    maxUrlLength,
  },
  {
    // copilot.microsoft.com/?q= fills a Copilot chat: Microsoft's own Defender research on
    // prefilled "Summarize with AI" links (February 2026) names it with the four above.
    id: "copilot",
    name: "Copilot",
    home: "https://copilot.microsoft.com/",
    buildUrl: withQuery("https://copilot.microsoft.com/", "q"),
    maxUrlLength,
  },
  // Left out: Le Chat (chat.mistral.ai/chat?q= is asked for, not confirmed, and Starlight's
  // plugin finds no reliable prefill), HuggingChat (?q= sends at once, with no chance to read
  // the text first), Gemini and DeepSeek (no parameter).
];

/**
 * The link that opens the text in the assistant, or, when the text is too long for a link, the
 * assistant's new-chat page (`carried: false`), for the text to be pasted there.
 */
export function openInLink(assistant: Assistant, text: string) {
  const href = assistant.buildUrl(text);
  return href.length <= assistant.maxUrlLength
    ? { href, carried: true }
    : { href: assistant.home, carried: false };
}
