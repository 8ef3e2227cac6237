import type { SearchMatch } from "./search-match.ts";
import { type TopicCategory, topics } from "./topics.ts";

/**
 * /prompts: the community's shared prompts for anyone, browsed by topic and order, or searched.
 * Its address holds everything it shows, so a link (or a crawler) reaches any page of it.
 */
export const browsePath = "/prompts";
export const browsePageSize = 24;
/** Pages beyond this are not offered: a narrower search or a topic finds the rest. */
export const browsePagesMax = 50;
/**
 * An unsearched list's prompts are counted up to this; a longer one is told as this many and
 * more. Counting reads the rows (whose import run the access rule checks): at a million prompts
 * 6-19 ms for 2,500 of a topic's, 15-75 ms for 10,000.
 */
export const browseCountMax = 2_500;

/**
 * "relevance" needs a search term; without one the list is newest first. Oldest first reaches
 * the other end of a list longer than the pages offered.
 */
export const browseSorts = ["newest", "oldest", "copies", "relevance"] as const;
export type BrowseSort = (typeof browseSorts)[number];
export const browseSortLabels: Record<BrowseSort, string> = {
  newest: "Newest",
  oldest: "Oldest",
  copies: "Most copied",
  relevance: "Best match",
};

export interface BrowseQuery {
  q?: string;
  topic?: TopicCategory;
  sort: BrowseSort;
  page: number;
}

/**
 * The address of a browse page: empty and default values left out, so each page has one address
 * (its canonical one).
 */
export function browseHref(query: BrowseQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.topic) params.set("topic", query.topic);
  if (query.sort !== "newest" && (query.sort !== "relevance" || query.q)) {
    params.set("sort", query.sort);
  }
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${browsePath}?${search}` : browsePath;
}

/** What a browse card shows: no more of a prompt than that, so the page stays light. */
export interface BrowseCard {
  id: string;
  /** The prompt's own page. */
  href: string;
  title: string;
  category: string | null;
  /** The start of the text. */
  promptText: string;
  /**
   * In a search: where the term lies in the title and in the preview, which shows the words
   * around the match when it lies past the start.
   */
  match?: SearchMatch;
  creatorName: string;
  copyCount: number;
  /** How many people keep a saved copy (a save is not a copy: "copies" counts Copy presses). */
  saveCount: number;
}

export function topicNamed(category: string | undefined) {
  return topics.find((topic) => topic.category === category);
}
