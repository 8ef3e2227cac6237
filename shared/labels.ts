/**
 * Version labels: a name (production, staging, or any of a-z, 0-9 and dashes, at most 32 long)
 * pointing at one version of one prompt, so a client can ask for "production" and get that
 * version's text while the prompt is edited on. Moving a label is one request.
 */
export const labelPattern = /^[a-z0-9-]{1,32}$/;

/** The most labels one prompt carries (the database's labels_per_prompt). */
export const labelsPerPrompt = 20;

/** A label and where it points. */
export interface PromptLabel {
  label: string;
  version: number;
  movedAt: string;
  /** Who moved it there last; null once their account is deleted. */
  movedBy: { id: string; name: string } | null;
}
