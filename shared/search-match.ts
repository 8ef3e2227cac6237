/**
 * Why a prompt is in a search's answer, as the server says it: where the term lies in what a
 * card shows. The server works it out (server/prompts/search-match.ts) and the browser only
 * marks the places given, so a card never decides for itself what a search matched.
 */

/** A stretch of a text, [start, end) in UTF-16 code units, as `String.prototype.slice` takes them. */
export type TextRange = readonly [start: number, end: number];

/** A text and the places in it that a search term was found. */
export interface MarkedText {
  text: string;
  marks: TextRange[];
}

export interface SearchMatch {
  title: TextRange[];
  /** In the use case (null's ranges are none). */
  category: TextRange[];
  /**
   * What the card's preview shows: the start of the plain text, or, when the term lies past
   * it, the words around the first match.
   */
  preview: MarkedText;
  /** In the prompt's text, when the answer holds all of it (not `truncated`). */
  text?: TextRange[];
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Every case-insensitive occurrence of the term in the text, left to right, never overlapping.
 * None for a blank term.
 */
export function termRanges(text: string, term: string): TextRange[] {
  const needle = term.trim();
  if (!needle) return [];
  return Array.from(
    text.matchAll(new RegExp(escapeRegExp(needle), "giu")),
    (match) => [match.index, match.index + match[0].length] as const,
  );
}
