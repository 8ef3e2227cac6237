import type { ReactNode } from "react";
import { type TextRange, termRanges } from "../../shared/search-match.ts";

/**
 * The text with the given stretches wrapped in <mark>. Built from plain strings, so user text is
 * never parsed as HTML; the pieces always join back to the text. Stretches out of order, or
 * overlapping one already marked, are skipped.
 */
export function marked(text: string, marks: readonly TextRange[]): ReactNode[] {
  if (marks.length === 0) return [text];
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const [start, end] of marks) {
    if (start < last || end <= start || end > text.length) continue;
    if (start > last) pieces.push(text.slice(last, start));
    pieces.push(
      <mark key={start} className="rounded bg-mark px-0.5 text-inherit">
        {text.slice(start, end)}
      </mark>,
    );
    last = end;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/**
 * The text with every case-insensitive occurrence of the term marked: for what the browser
 * itself searches (the palette's commands). A search the server answers says where it matched
 * (`Prompt.match`); show that with `marked`.
 */
export function highlight(text: string, term: string): ReactNode[] {
  return marked(text, termRanges(text, term));
}
