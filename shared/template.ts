/**
 * Prompt templates: variables, typed variables, built-in values and snippets (the grammar is
 * shared/template-syntax.ts). Any prompt can be a template; the syntax is detected, never
 * declared. Snippets are expanded first (shared/template-snippets.ts); what is filled here is a
 * template's pieces, so an expanded template never has to be written back as text.
 */
import {
  isBuiltIn,
  isVariable,
  type TemplatePiece,
  templatePieces,
  type VariableType,
} from "./template-syntax.ts";

export interface TemplateVariable {
  name: string;
  /**
   * The default written in the template; a choice without one defaults to its first option, a
   * yes/no to "no".
   */
  defaultValue: string;
  type: VariableType;
  /** today, me or clipboard: filled by the app, not asked for. */
  builtIn: boolean;
  /** Marked with `!`: the template is not used until it has a value. */
  required: boolean;
}

/** A stretch of a filled template: text, or a variable nobody filled (shown as a placeholder). */
export type FilledPiece = { text: string } | { missing: string };

type Source = string | readonly TemplatePiece[];

const piecesOf = (template: Source) =>
  typeof template === "string" ? templatePieces(template) : template;

/**
 * The variables in order of first appearance. The first to give a type gives it; the default
 * comes from the first that gives one; any piece marked `!` makes it required. A name that only
 * a section (`{{#if name}}`) uses is a yes/no.
 */
export function templateVariables(template: Source): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  const sectionOnly = new Set<string>();
  for (const piece of piecesOf(template)) {
    if ("section" in piece) {
      if (!found.has(piece.section)) {
        found.set(piece.section, {
          name: piece.section,
          defaultValue: "",
          type: { kind: "yesno" },
          builtIn: false,
          required: false,
        });
        sectionOnly.add(piece.section);
      }
      continue;
    }
    if (!isVariable(piece)) continue;
    const known = found.get(piece.name);
    if (!known || sectionOnly.has(piece.name)) {
      sectionOnly.delete(piece.name);
      found.set(piece.name, {
        name: piece.name,
        defaultValue: piece.defaultValue ?? "",
        type: piece.type,
        builtIn: isBuiltIn(piece.name) && piece.type.kind === "text",
        required: piece.required === true,
      });
      continue;
    }
    if (!known.defaultValue && piece.defaultValue) known.defaultValue = piece.defaultValue;
    if (piece.required) known.required = true;
    if (known.type.kind === "text" && piece.type.kind !== "text") {
      known.type = piece.type;
      known.builtIn = false;
    }
  }
  for (const variable of found.values()) {
    if (variable.type.kind === "choice" && !variable.defaultValue) {
      variable.defaultValue = variable.type.options[0] ?? "";
    }
    if (variable.type.kind === "yesno" && !variable.defaultValue) variable.defaultValue = "no";
  }
  return [...found.values()];
}

/** Why a value does not fit its variable's type, or null when it does (an empty value fits). */
export function valueProblem(variable: Pick<TemplateVariable, "name" | "type">, value: string) {
  const { name, type } = variable;
  if (!value) return null;
  switch (type.kind) {
    case "number":
      return Number.isFinite(Number(value.trim())) ? null : `${name} must be a number`;
    case "choice":
      return type.options.includes(value)
        ? null
        : `${name} must be one of: ${type.options.join(", ")}`;
    case "yesno":
      return value === "yes" || value === "no" ? null : `${name} must be yes or no`;
    case "date":
      return isDate(value) ? null : `${name} must be a date, as 2026-11-23`;
    case "multi": {
      const unknown = multiValues(value).filter((item) => !type.options.includes(item));
      return unknown.length
        ? `${name} takes only these, separated by commas: ${type.options.join(", ")}`
        : null;
    }
    default:
      return null;
  }
}

/** A date as a date field gives it: a day that exists, written YYYY-MM-DD. */
export function isDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A several-of-a-few value's options: written separated by commas, as "a, b". */
export function multiValues(value: string) {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Several options as a value: in the order the template lists them, separated by commas. */
export function multiValue(options: readonly string[], chosen: ReadonlySet<string>) {
  return options.filter((option) => chosen.has(option)).join(", ");
}

/** Whether a section on this value shows: a yes/no that is yes, or any other field filled. */
export function sectionShows(type: VariableType | undefined, value: string) {
  return type?.kind === "yesno" ? value === "yes" : value.trim() !== "";
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
  const variables = new Map(templateVariables(pieces).map((v) => [v.name, v]));
  const valueFor = (name: string) =>
    (Object.hasOwn(values, name) ? values[name] : "") || variables.get(name)?.defaultValue || "";
  const out: FilledPiece[] = [];
  let built = 0;
  const add = (piece: FilledPiece) => {
    built += "text" in piece ? piece.text.length : placeholderFor(piece.missing).length;
    if (built > filledLengthLimit) throw new FilledTooLong(built);
    out.push(piece);
  };
  // Sections nest: each open one shows or hides what follows to its end. A section hidden hides
  // those inside it; an end with no section open is dropped, and a section never ended runs on.
  const open: boolean[] = [];
  let hidden = 0;
  for (const piece of pieces) {
    if ("section" in piece) {
      const shows =
        hidden === 0 && sectionShows(variables.get(piece.section)?.type, valueFor(piece.section));
      open.push(shows);
      if (!shows) hidden++;
      continue;
    }
    if ("sectionEnd" in piece) {
      if (open.length && open.pop() === false) hidden--;
      continue;
    }
    if (hidden > 0) continue;
    if ("text" in piece) add({ text: piece.text });
    else if ("snippet" in piece) add({ text: `{{> ${piece.snippet}}}` });
    else {
      const value = valueFor(piece.name);
      add(value ? { text: value } : { missing: piece.name });
    }
  }
  return out;
}

/** The variables written outside every section: those every use of the template shows. */
export function alwaysShown(template: Source) {
  const names = new Set<string>();
  let depth = 0;
  for (const piece of piecesOf(template)) {
    if ("section" in piece) depth++;
    else if ("sectionEnd" in piece) depth = Math.max(0, depth - 1);
    else if (depth === 0 && isVariable(piece)) names.add(piece.name);
  }
  return names;
}

/** The required variables a fill left without a value: those shown, in its sections now open. */
export function requiredMissing(
  filled: readonly FilledPiece[],
  variables: readonly TemplateVariable[],
) {
  const missing = new Set(filled.flatMap((piece) => ("missing" in piece ? [piece.missing] : [])));
  return variables.filter((v) => v.required && missing.has(v.name)).map((v) => v.name);
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
