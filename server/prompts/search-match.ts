import { previewOf } from "../../shared/markdown-preview.ts";
import { previewLength } from "../../shared/prompt.ts";
import { type SearchMatch, termRanges } from "../../shared/search-match.ts";

/** What of a prompt a search's card shows, as the list or a single read gives it. */
export interface Matched {
  title: string;
  category: string | null;
  promptText: string;
  truncated: boolean;
  matchExcerpt?: string;
}

/**
 * Where a search term lies in what a card shows of the prompt: its title, its use case, its
 * preview (the words around the first match when that lies past the start, from the list's
 * `matchExcerpt`), and, when the whole text is at hand, its text.
 */
export function searchMatch(prompt: Matched, term: string): SearchMatch {
  const preview = previewOf(prompt, term, previewLength);
  return {
    title: termRanges(prompt.title, term),
    category: termRanges(prompt.category ?? "", term),
    preview: { text: preview, marks: termRanges(preview, term) },
    ...(prompt.truncated ? {} : { text: termRanges(prompt.promptText, term) }),
  };
}

/**
 * One whole prompt read for a search (an open list asking about a prompt that changed, or a
 * card's Show more): its match, or null when the term is in neither its text nor its use case,
 * the two a search looks in (search-condition.ts).
 */
export function wholeSearchMatch(prompt: Matched, term: string): SearchMatch | null {
  const match = searchMatch(prompt, term);
  const found = (match.text?.length ?? 0) > 0 || match.category.length > 0;
  return found ? match : null;
}
