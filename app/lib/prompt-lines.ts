import { placedPieces } from "../../shared/template-syntax.ts";

/**
 * What each line of a prompt is, so its page can show the structure Markdown-minded writers give
 * it (headings, lists, quotes, code) while showing every character as written: the markers stay,
 * only how a line looks changes.
 */
export type LineKind = "heading" | "item" | "quote" | "code" | "fence" | "blank" | "text";

export interface PromptLine {
  kind: LineKind;
  text: string;
}

const heading = /^#{1,6}\s/;
const item = /^\s*(?:[-*+]|\d{1,3}[.)])\s+/;
const quote = /^\s*>/;
const fence = /^\s*(```|~~~)/;

export function promptLines(text: string): PromptLine[] {
  let inCode = false;
  return text.split(/\r?\n/).map((line): PromptLine => {
    if (fence.test(line)) {
      inCode = !inCode;
      return { kind: "fence", text: line };
    }
    if (inCode) return { kind: "code", text: line };
    if (line.trim() === "") return { kind: "blank", text: line };
    if (heading.test(line)) return { kind: "heading", text: line };
    if (item.test(line)) return { kind: "item", text: line };
    if (quote.test(line)) return { kind: "quote", text: line };
    return { kind: "text", text: line };
  });
}

/** A line as plain stretches and template pieces (`{{topic}}`, `{{> Snippet}}`), each as written. */
export function lineStretches(line: string): { text: string; template: boolean }[] {
  return placedPieces(line).map(({ piece, from, to }) => ({
    text: line.slice(from, to),
    template: !("text" in piece),
  }));
}
