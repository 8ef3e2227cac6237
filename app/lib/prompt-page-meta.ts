import type { MetaDescriptor } from "react-router";
import { cutAtWord, plainText } from "../../shared/markdown-preview.ts";
import type { PublicPrompt } from "../../shared/prompt.ts";
import { shortId } from "../../shared/public-address.ts";
import { pageMeta, siteName } from "./seo.ts";

/** A search result's snippet is about this long; the description is cut to it at a word. */
const descriptionLength = 155;
/** Up to this many characters, the structured data carries the whole text; past it, the description. */
const wholeTextInDataLimit = 5000;

/** The prompt's social image, named with its version so an edit is a new address to caches. */
export function promptImagePath(prompt: Pick<PublicPrompt, "id" | "version">) {
  return `/p/${shortId(prompt.id)}/image.png?v=${prompt.version}`;
}

/**
 * The page's description: the owner's description when there is one, else the start of the
 * prompt's text, its Markdown markers left out.
 */
export function promptDescription(prompt: Pick<PublicPrompt, "promptText" | "description">) {
  if (prompt.description) return cutAtWord(prompt.description, descriptionLength);
  return cutAtWord(plainText(prompt.promptText.slice(0, 2000)), descriptionLength);
}

/**
 * Title, description, canonical address, Open Graph and Twitter tags with the prompt's own
 * image, and JSON-LD describing it as a CreativeWork.
 */
export function promptPageMeta(
  origin: string,
  path: string,
  prompt: PublicPrompt,
  creatorPath: string | null,
) {
  const url = new URL(path, origin).href;
  const image = new URL(promptImagePath(prompt), origin).href;
  const description = promptDescription(prompt);
  const whole = prompt.promptText.length <= wholeTextInDataLimit;
  const meta: MetaDescriptor[] = [
    ...pageMeta({
      origin,
      path,
      title: `${prompt.title}: a prompt by ${prompt.creatorName} | ${siteName}`,
      description,
      keywords: [prompt.title, "AI prompt", ...(prompt.category ? [prompt.category] : [])],
      image: promptImagePath(prompt),
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        "@id": url,
        url,
        name: prompt.title,
        ...(whole ? { text: prompt.promptText } : { abstract: description }),
        author: {
          "@type": "Person",
          name: prompt.creatorName,
          ...(creatorPath ? { url: new URL(creatorPath, origin).href } : {}),
        },
        dateCreated: prompt.createdAt,
        dateModified: prompt.updatedAt,
        ...(prompt.category ? { genre: prompt.category } : {}),
        image,
        version: prompt.version,
        isPartOf: { "@type": "WebSite", name: siteName, url: `${origin}/` },
        interactionStatistic: [
          counter("https://schema.org/LikeAction", prompt.starCount),
          counter("https://schema.org/BookmarkAction", prompt.saveCount),
        ],
      },
    },
  ];
  return meta;
}

function counter(interactionType: string, userInteractionCount: number) {
  return { "@type": "InteractionCounter", interactionType, userInteractionCount };
}
