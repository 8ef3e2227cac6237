/**
 * Suggested changes to a team's prompt: any member proposes a new text with a note; an editor or
 * owner accepts it (a new version, written by the member who suggested it) or declines it.
 */
export const suggestionStatuses = ["pending", "accepted", "declined"] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

/** The longest note a suggestion carries. */
export const suggestionNoteMaxLength = 500;

/** The most suggestions waiting on one prompt (the database's pending_suggestions_per_prompt). */
export const pendingSuggestionsPerPrompt = 50;

export interface Suggestion {
  id: string;
  promptId: string;
  promptText: string;
  note: string | null;
  /** Who suggested it; null once their account is deleted. */
  author: { id: string; name: string } | null;
  status: SuggestionStatus;
  createdAt: string;
  /** The prompt's version when it was suggested. */
  baseVersion: number;
  /** Who accepted or declined it, and when; null while it is pending. */
  decidedBy: { id: string; name: string } | null;
  decidedAt: string | null;
  /** For an accepted one: the prompt's version once its text was applied. */
  acceptedVersion: number | null;
}

/** What accepting answers: the suggestion, and whether the prompt had changed since it was made. */
export interface AcceptedSuggestion extends Suggestion {
  /** True when the prompt had moved past `baseVersion`: the suggested text replaced it anyway. */
  promptChangedSince: boolean;
}
