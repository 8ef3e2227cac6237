/**
 * The prompt in a person's own library most like the one they just saved, when it is alike
 * enough to say so (server/prompts/find-similar-prompt.ts). Saving is never held up by it.
 */
export interface SimilarPrompt {
  id: string;
  title: string;
  isShared: boolean;
  /** pg_trgm similarity of the two texts' openings, from the threshold to 1. */
  similarity: number;
  /** Where to find it: the owner's list it is on, searched for it. */
  href: string;
}

/** The search that finds a prompt on its list: its title, or without one its first words. */
export function similarPromptHref(prompt: { title: string; opening: string; isShared: boolean }) {
  const term = prompt.title === "Untitled" ? prompt.opening.slice(0, 60).trim() : prompt.title;
  return `${prompt.isShared ? "/community" : "/personal"}?q=${encodeURIComponent(term)}`;
}
