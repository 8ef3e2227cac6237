import { createHash } from "node:crypto";
import { landingPageFor } from "../../shared/landing-pages.ts";
import type { PublicPrompt } from "../../shared/prompt.ts";
import type { PromptCardFields } from "./prompt-card-image.ts";

/** What a shared prompt's social image draws. */
export function promptImageFields(
  prompt: Pick<PublicPrompt, "category" | "title" | "promptText" | "creatorName">,
): PromptCardFields {
  return {
    kicker: landingPageFor(prompt.category)?.label ?? "Community prompt",
    title: prompt.title,
    excerpt: prompt.promptText,
    creator: prompt.creatorName,
  };
}

/**
 * What a public collection's social image draws: how many prompts it holds, its title, its
 * description or else its prompts' titles, and its owner's name. Each of these may change
 * without the collection being edited (an item's prompt renamed, unshared or deleted, the owner
 * renamed), so an image is named by what it draws (imageVersion), never by the collection's
 * last edit.
 */
export function collectionImageFields(collection: {
  title: string;
  description: string;
  items: { prompt: { title: string } }[];
  owner: { displayName: string };
}): PromptCardFields {
  const count = collection.items.length;
  return {
    kicker: `Collection · ${count} ${count === 1 ? "prompt" : "prompts"}`,
    title: collection.title,
    excerpt:
      collection.description || collection.items.map((item) => item.prompt.title).join(" · "),
    creator: collection.owner.displayName,
  };
}

/**
 * A short name for an image's content: the same fields draw the same image, and any change to
 * what it draws is a new name. Images are kept in memory by it, sent with it as their ETag, and
 * pages name their image's address with it, so no cache sends an image of what was.
 */
export function imageVersion(fields: PromptCardFields): string {
  return createHash("sha256")
    .update(JSON.stringify([fields.kicker, fields.title, fields.excerpt, fields.creator]))
    .digest("base64url")
    .slice(0, 16);
}
