/**
 * Prompt templates: variables, typed variables, built-in values and snippets (the grammar is
 * shared/template-syntax.ts). Any prompt can be a template; the syntax is detected, never
 * declared. Snippets are expanded first (shared/template-snippets.ts); what is filled here is a
 * template's pieces, so an expanded template never has to be written back as text.
 */
import {
  isBuiltIn,
  type TemplatePiece,
  templatePieces,
  type VariableType,
} from "./template-syntax.ts";

export interface TemplateVariable {
  name: string;
  /** The default written in the template; a choice without one defaults to its first option. */
  defaultValue: string;
  type: VariableType;
  /** today, me or clipboard: filled by the app, not asked for. */
  builtIn: boolean;
}

/** A stretch of a filled template: text, or a variable nobody filled (shown as a placeholder). */
export type FilledPiece = { text: string } | { missing: string };

type Source = string | readonly TemplatePiece[];

const piecesOf = (template: Source) =>
  typeof template === "string" ? templatePieces(template) : template;

/**
 * The variables in order of first appearance. The first to give a type gives it; the default
 * comes from the first that gives one.
 */
export function templateVariables(template: Source): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  for (const piece of piecesOf(template)) {
    if (!("name" in piece)) continue;
    const known = found.get(piece.name);
    if (!known) {
      found.set(piece.name, {
        name: piece.name,
        defaultValue: piece.defaultValue ?? "",
        type: piece.type,
        builtIn: isBuiltIn(piece.name) && piece.type.kind === "text",
      });
      continue;
    }
    if (!known.defaultValue && piece.defaultValue) known.defaultValue = piece.defaultValue;
    if (known.type.kind === "text" && piece.type.kind !== "text") {
      known.type = piece.type;
      known.builtIn = false;
    }
  }
  for (const variable of found.values()) {
    if (variable.type.kind === "choice" && !variable.defaultValue) {
      variable.defaultValue = variable.type.options[0] ?? "";
    }
  }
  return [...found.values()];
}

/**
 * How long a used template may grow, its snippets expanded and its variables filled: counted as
 * a prompt's length is (shared/prompt.ts), in UTF-16 units, what a text field's maxLength counts.
 */
export const filledLengthLimit = 1_000_000;
/** The longest value one variable takes, typed in the form or given through MCP. */
export const templateValueMaxLength = 100_000;

/** A fill refused because its result would pass `filledLengthLimit`; `built` is how far it got. */
export class FilledTooLong extends Error {
  constructor(readonly built: number) {
    super(
      `Filled in, this prompt would be over ${filledLengthLimit.toLocaleString("en-US")} characters. Use shorter values, or fewer.`,
    );
  }
}

/**
 * The template filled: each variable takes the value given, else its default; one with neither
 * is left as a missing piece (counted as its placeholder, what is copied). A snippet not expanded
 * stays as it was written. The result is counted as it is built, since one long value used many
 * times multiplies: a fill that passes `filledLengthLimit` stops there with FilledTooLong.
 */
export function fillTemplate(template: Source, values: Readonly<Record<string, string>>) {
  const pieces = piecesOf(template);
  const defaults = new Map(templateVariables(pieces).map((v) => [v.name, v.defaultValue]));
  const out: FilledPiece[] = [];
  let built = 0;
  const add = (piece: FilledPiece) => {
    built += "text" in piece ? piece.text.length : placeholderFor(piece.missing).length;
    if (built > filledLengthLimit) throw new FilledTooLong(built);
    out.push(piece);
  };
  for (const piece of pieces) {
    if ("text" in piece) add({ text: piece.text });
    else if ("snippet" in piece) add({ text: `{{> ${piece.snippet}}}` });
    else {
      const value =
        (Object.hasOwn(values, piece.name) ? values[piece.name] : "") ||
        defaults.get(piece.name) ||
        "";
      add(value ? { text: value } : { missing: piece.name });
    }
  }
  return out;
}

/**
 * The filled template as text: a variable with no value and no default leaves nothing. Throws
 * FilledTooLong, having built no text, when it would pass `filledLengthLimit`.
 */
export function renderTemplate(template: Source, values: Readonly<Record<string, string>>) {
  return filledText(fillTemplate(template, values), () => "");
}

/** A filled template as text, with what stands in for each missing variable. */
export function filledText(pieces: readonly FilledPiece[], missing: (name: string) => string) {
  return pieces.map((piece) => ("text" in piece ? piece.text : missing(piece.missing))).join("");
}

/** The placeholder a missing variable shows as, in the preview and the copied text alike. */
export function placeholderFor(name: string) {
  return `[${name}]`;
}
