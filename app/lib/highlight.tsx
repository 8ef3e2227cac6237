import type { ReactNode } from "react";

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The text with every case-insensitive occurrence of the term wrapped in <mark>. Built from
 * plain strings, so user text is never parsed as HTML; the pieces always join back to the text.
 */
export function highlight(text: string, term: string): ReactNode[] {
  const needle = term.trim();
  if (!needle) return [text];
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(escapeRegExp(needle), "giu"))) {
    const start = match.index;
    if (start > last) pieces.push(text.slice(last, start));
    pieces.push(
      <mark key={start} className="rounded bg-mark px-0.5 text-inherit">
        {match[0]}
      </mark>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}
