import type { TopicCategory } from "../../shared/topics.ts";

/**
 * Which topic library a demo prompt belongs in, by keywords: the seed (`npm run seed`) files the
 * demo prompts under the seven topics with it, so every topic page and landing page shows some.
 *
 * The rule: the topics are tried in the order below, and the first whose keywords occur in the
 * prompt's use case (its title) wins. Only when the title names none is the text tried, in the
 * same order, and only its first 400 characters. Keywords are whole words or phrases, in any case. A prompt that matches none keeps
 * its use case as its category. The order puts the narrow topics (AP Lang, image prompts, one
 * model's name) before the broad ones (teaching, any language model).
 */
export const topicKeywords: [TopicCategory, RegExp][] = [
  [
    "ap-lang",
    words(
      "essay",
      "essays",
      "rhetoric",
      "rhetorical",
      "thesis",
      "argumentative",
      "argument",
      "debate",
      "debater",
      "literature",
      "academic writing",
      "writing tutor",
      "literary analysis",
      "AP English",
      "AP Lang",
    ),
  ],
  [
    "stable-diffusion",
    words(
      "stable diffusion",
      "SDXL",
      "midjourney",
      "dall-e",
      "nano banana",
      "nanobanana",
      "negative prompt",
      "image prompt",
      "image generation",
      "image generator",
      "text-to-image",
      "photorealistic",
      "hyper-realistic",
      "ultra-realistic",
      "8k",
      "portrait",
      "cinematic",
    ),
  ],
  ["claude", words("claude", "anthropic", "CLAUDE.md")],
  ["chatgpt", words("chatgpt", "GPT", "GPT-4o", "openai")],
  [
    "prompt-engineering",
    words(
      "prompt engineer",
      "prompt engineering",
      "prompt generator",
      "prompt enhancer",
      "prompt optimizer",
      "prompt optimiser",
      "prompt improver",
      "meta-prompt",
      "few-shot",
      "chain-of-thought",
    ),
  ],
  [
    "ai-education",
    words(
      "teacher",
      "teaching",
      "tutor",
      "student",
      "students",
      "lesson",
      "lessons",
      "classroom",
      "curriculum",
      "quiz",
      "flashcard",
      "flashcards",
      "exam",
      "exams",
      "study",
      "studying",
      "learn",
      "learning",
      "education",
      "educational",
    ),
  ],
  [
    "llm",
    words(
      "LLM",
      "LLMs",
      "language model",
      "language models",
      "system prompt",
      "AI agent",
      "AI agents",
      "AI assistant",
      "chatbot",
      "RAG",
      "Gemini",
      "Llama",
      "Mistral",
    ),
  ],
];

/** The topic a prompt belongs in, or null when its title and text name none. */
export function topicOf(title: string, text: string): TopicCategory | null {
  return firstTopicIn(title) ?? firstTopicIn(text.slice(0, topicOpening));
}

/** Only the opening of a text says what it is for; a long one mentions everything somewhere. */
export const topicOpening = 400;

function firstTopicIn(words: string) {
  return topicKeywords.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
}

/** Any of the phrases, whole (not inside a longer word), in any case. */
function words(...phrases: string[]) {
  const escaped = phrases.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join("|")})(?![\\p{L}\\p{N}])`, "iu");
}
