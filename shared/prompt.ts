import type { SearchMatch } from "./search-match.ts";

/** Limits every form and the server share. */
export const useCaseMaxLength = 35;
/** A prompt's description: plain text beside the short title, shown on cards and its page. */
export const descriptionMaxLength = 500;
export const promptTextMaxLength = 200_000;
export const previewLength = 150;
export const adminPreviewLength = 100;
/** The longest search term a list takes. */
export const searchTermMaxLength = 500;

/**
 * A prompt as the API and the pages present it. In lists (`GET /api/v1/prompts` and every page)
 * `promptText` is only the start of the text when `truncated` is true; `GET /api/v1/prompts/:id`
 * gives the whole text. Whatever needs all of it (Show more, copy, edit, templates) asks for it.
 */
export interface Prompt {
  id: string;
  title: string;
  /** What the prompt is for, in plain text; null when the owner gave none. */
  description: string | null;
  /** The whole text, or in a list its first few hundred characters when `truncated`. */
  promptText: string;
  /** True when `promptText` is an excerpt and more of the text follows. */
  truncated: boolean;
  category: string | null;
  isShared: boolean;
  /** The team whose library holds it, to its members; null for anyone else, and own prompts. */
  teamId: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * The owner's name, else their email's local part split on dots and capitalised, else their
   * username, else "Community Member".
   */
  creatorName: string;
  isAdminCreated: boolean;
  isOwn: boolean;
  /** The owner's tags; empty for anyone else, since tags are private. */
  tags: string[];
  /** The owner's folder; null for anyone else. */
  folderId: string | null;
  /**
   * Whether the owner pinned it to the top of their library and folder (a team's editors, to the
   * top of the team's library: shown to its members); false for anyone else.
   */
  pinned: boolean;
  /** Whether the person looking has starred it. */
  isFavourite: boolean;
  /** Whether the person looking keeps a saved copy of it in their library. */
  isSaved: boolean;
  starCount: number;
  copyCount: number;
  /** For a prompt saved from the community: the original. */
  savedFromId: string | null;
  /** The current version's number: 1 until the text or use case is first edited. */
  version: number;
  /** How many people keep a saved copy of it. */
  saveCount: number;
  /** For the viewer's own saved copy: how it stands against its original; else null. */
  upstream: UpstreamState | null;
  /** In a search's list: the text around the first match, when it lies past `promptText`. */
  matchExcerpt?: string;
  /**
   * In a search's answer (a list, or one prompt read with `?q=`): where the term lies in what a
   * card shows. Null when one prompt was read for a search it does not match.
   */
  match?: SearchMatch | null;
}

/**
 * A saved copy against its original: "current" when it came from the original's current version
 * (or was brought up to date), "updated" when the original has moved on since, "removed" when the
 * original was deleted or the viewer can no longer see it.
 */
export type UpstreamState = "current" | "updated" | "removed";

/** A prompt known to hold its whole text: read on its own, never from a list. */
export type WholePrompt = Prompt & { truncated: false };

/** A prompt as anyone may read it on a public page: nothing about the person looking. */
export type PublicPrompt = Omit<
  Prompt,
  "isOwn" | "isFavourite" | "tags" | "folderId" | "upstream" | "pinned" | "teamId"
>;

/**
 * "relevance" orders a search (best match first); without a search term it is newest first.
 * "manual" is the order the owner set by moving cards, offered on their own library and folders;
 * anywhere else it is newest first.
 */
export const sortOrders = ["relevance", "newest", "oldest", "title", "copies", "manual"] as const;
export type SortOrder = (typeof sortOrders)[number];
export const sortLabels: Record<SortOrder, string> = {
  relevance: "Best match",
  newest: "Newest",
  oldest: "Oldest",
  title: "Title A–Z",
  copies: "Most copied",
  manual: "Manual",
};

export const tagMaxLength = 32;
export const tagsPerPrompt = 20;
export const folderNameMaxLength = 60;

export interface PromptPage {
  items: Prompt[];
  nextCursor: string | null;
}

/** What a library page's loader gives: one page of a list, for the search term in the URL. */
export interface PromptListData {
  q: string;
  page: PromptPage | null;
  /** Set when the list could not be read; the page shows the catalogue's notice. */
  loadError: string | null;
}

/**
 * The use case cut to 35 UTF-16 units (what a text input's maxLength counts): at the last word
 * break when the cut would split a word (unless that leaves under 15 characters), never in half of
 * a surrogate pair, and without the spaces, dashes or commas a cut leaves at the end.
 */
export function truncateUseCase(useCase: string) {
  if (useCase.length <= useCaseMaxLength) return useCase;
  let cut = useCase.slice(0, useCaseMaxLength);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const splitsWord = /\S$/.test(cut) && /^\S/.test(useCase.slice(cut.length));
  const lastBreak = cut.search(/\s\S*$/);
  if (splitsWord && lastBreak >= 15) cut = cut.slice(0, lastBreak);
  return cut.replace(/[\s,;:\u2013\u2014-]+$/u, "");
}

/** Title and category both come from the use case; an empty one makes an Untitled prompt. */
export function titleAndCategory(useCase: string | undefined) {
  const trimmed = useCase === undefined ? "" : truncateUseCase(useCase);
  if (trimmed.trim() === "") return { title: "Untitled", category: null };
  return { title: trimmed, category: trimmed };
}

/**
 * What open community lists hear when a shared prompt changes (the event stream's "prompt"
 * events, announced by the database): only shared prompts, so nothing private is announced.
 */
export interface PromptChange {
  type: "created" | "updated" | "deleted";
  id: string;
  category: string | null;
}
