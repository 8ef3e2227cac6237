import { placedPieces } from "../../shared/template-syntax.ts";

/** A text as plain stretches and template pieces (`{{topic}}`, `{{> Snippet}}`), each as written. */
export function templateStretches(text: string): { text: string; template: boolean }[] {
  return placedPieces(text).map(({ piece, from, to }) => ({
    text: text.slice(from, to),
    template: !("text" in piece),
  }));
}
