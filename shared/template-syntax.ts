/**
 * The one grammar of prompt templates (docs/templates.md). Between {{ and }}, on one line and
 * without braces:
 * - `{{topic}}` a variable, `{{tone|friendly}}` one with a default (everything after the first |);
 * - `{{words:number|150}}`, `{{notes:long}}`, `{{tone:choice(friendly,formal)}}`, `{{ok:yesno}}`,
 *   `{{due:date}}`, `{{topics:multi(a,b,c)}}` typed variables;
 * - `{{topic!}}`, `{{due:date!}}` a required variable (a `!` at the end of the name or type);
 * - `{{#if name}}…{{/if}}` a section, shown when a yes/no is on or a field is filled;
 * - `{{> Title}}` a snippet: another of the person's prompts, by title;
 * - `\{{` writes a literal {{.
 * The browser fills templates with it (shared/template.ts), the server writes it when converting
 * other tools' variables on import and reads it on export, and the linter checks it, so none of
 * them can disagree.
 */
const token = /\\\{\{|\{\{([^{}\n]*?)\}\}/g;

/**
 * What a variable asks for: one line, several lines, a number, one of a few options, yes or no,
 * a date, or several of a few options.
 */
export type VariableType =
  | { kind: "text" }
  | { kind: "long" }
  | { kind: "number" }
  | { kind: "choice"; options: string[] }
  | { kind: "yesno" }
  | { kind: "date" }
  | { kind: "multi"; options: string[] };

/** A variable; `required` is there only when the name carries the mark, so older pieces read alike. */
export type VariablePiece = {
  name: string;
  defaultValue: string | undefined;
  type: VariableType;
  required?: true;
};

export type TemplatePiece =
  | { text: string }
  | VariablePiece
  | { snippet: string }
  /** `{{#if name}}`: what follows, to its `{{/if}}`, shows only when `name` is on or filled. */
  | { section: string }
  | { sectionEnd: true };

/** A piece with where its source starts and ends in the template. */
export type PlacedPiece = { piece: TemplatePiece; from: number; to: number };

const plainText: VariableType = { kind: "text" };
/** `name:type` at the end of a variable's head: the name is what comes before the last such colon. */
const typeSuffix = /^(.*?):\s*(number|long|yesno|date|(choice|multi)\(([^()]*)\))\s*$/;
/** `{{/if}}`, a section's end. */
const sectionEndBody = /^\s*\/if\s*$/;

/**
 * The name `{{#if name}}` opens a section on; null when the body is no section's start (a name
 * with a bar is no variable's, so it stays a variable itself). Read without a backtracking
 * pattern: a long run of spaces in a body costs one pass.
 */
function sectionName(body: string) {
  const trimmed = body.trim();
  if (!trimmed.startsWith("#if") || !/\s/.test(trimmed[3] ?? "")) return null;
  const name = trimmed.slice(3).trim();
  return name && !name.includes("|") ? name : null;
}

/** A template as literal text, variables and snippets in order, each with its place. */
export function placedPieces(template: string): PlacedPiece[] {
  return Array.from(eachPlacedPiece(template));
}

/**
 * The pieces one at a time: a reader that keeps none (the linter) leaves them to the young
 * generation, and a text of a million pieces costs the collector no more per piece than a short one.
 */
export function* eachPlacedPiece(template: string): Generator<PlacedPiece> {
  let last = 0;
  for (const match of template.matchAll(token)) {
    const end = match.index + match[0].length;
    if (match.index > last) {
      yield { piece: { text: template.slice(last, match.index) }, from: last, to: match.index };
    }
    const piece =
      match[0] === "\\{{" ? { text: "{{" } : (readToken(match[1] ?? "") ?? { text: match[0] });
    yield { piece, from: match.index, to: end };
    last = end;
  }
  if (last < template.length) {
    yield { piece: { text: template.slice(last) }, from: last, to: template.length };
  }
}

/** A template as literal text, variables and snippets, in order. */
export function templatePieces(template: string): TemplatePiece[] {
  return placedPieces(template).map((placed) => placed.piece);
}

/** What stands between {{ and }}; null when it is no piece of ours (an empty name). */
function readToken(body: string): TemplatePiece | null {
  const snippet = /^\s*>(.*)$/.exec(body);
  if (snippet) {
    const title = (snippet[1] ?? "").trim();
    return title ? { snippet: title } : null;
  }
  const section = sectionName(body);
  if (section) return { section };
  if (sectionEndBody.test(body)) return { sectionEnd: true };
  const bar = body.indexOf("|");
  const head = bar === -1 ? body : body.slice(0, bar);
  const defaultValue = bar === -1 ? undefined : body.slice(bar + 1);
  const trimmedHead = head.trimEnd();
  const marked = trimmedHead.endsWith("!") ? trimmedHead.slice(0, -1) : undefined;
  // A head that is only the mark ({{!}}) is a name, as it always was.
  const required = marked !== undefined && marked.trim() !== "" && marked.trim() !== ":";
  const unmarked = required ? (marked ?? "") : head;
  const typed = typedHead(unmarked);
  const name = (typed?.name ?? unmarked).trim();
  if (!name) return null;
  return {
    name,
    defaultValue,
    type: typed?.type ?? plainText,
    ...(required ? { required: true as const } : {}),
  };
}

/** `words:number` as its name and type; null when the head names no type (a colon is then part of the name). */
function typedHead(head: string): { name: string; type: VariableType } | null {
  const match = typeSuffix.exec(head);
  if (!match?.[1]?.trim()) return null;
  const word = match[2] ?? "";
  if (word === "number" || word === "long" || word === "yesno" || word === "date") {
    return { name: match[1], type: { kind: word } };
  }
  const options = (match[4] ?? "")
    .split(",")
    .map((option) => option.trim())
    .filter(Boolean);
  if (!options.length) return null;
  return { name: match[1], type: { kind: match[3] === "multi" ? "multi" : "choice", options } };
}

/** A type as the grammar writes it after the name's colon; plain text has none. */
function typeSource(type: VariableType) {
  if (type.kind === "choice" || type.kind === "multi") {
    return `${type.kind}(${type.options.join(",")})`;
  }
  return type.kind === "text" ? "" : type.kind;
}

/**
 * A variable as the grammar writes it. A name cannot hold braces, a bar or a line break, nor start
 * with > (a snippet), nor end in what reads as a type or the required mark, nor read as a
 * section; a default cannot hold braces or a line break; an option cannot hold braces, a bar, a
 * comma, parentheses or a line break. Those become spaces (braces are dropped from a default), so
 * whatever another tool allowed still reads back as one variable.
 */
export function variableToken(
  name: string,
  defaultValue?: string,
  type: VariableType = plainText,
  required = false,
) {
  let cleanName =
    withoutMarks(name.replace(/[{}|\r\n]+/g, " ").replace(/^[\s>]+/, "")) || "variable";
  // A name that would read as typed loses its colons: then no type can follow one. (Taking them off
  // one at a time from the end, until none reads so, took a pass over the name per colon.)
  if (typedHead(cleanName)) cleanName = cleanName.replaceAll(":", " ");
  // Nor may it read as a section's start or end.
  if (sectionName(cleanName) || sectionEndBody.test(cleanName)) cleanName = cleanName.slice(1);
  // {{:!}} reads as a variable named ":!", so a name of one colon cannot be marked required.
  if (required && cleanName === ":") cleanName = "variable";
  const cleanDefault = defaultValue?.replace(/[{}]+/g, "").replace(/[\r\n]+/g, " ");
  const options =
    type.kind === "choice" || type.kind === "multi"
      ? type.options.map((option) => option.replace(/[{}|,()\r\n]+/g, " ").trim()).filter(Boolean)
      : [];
  const cleanType: VariableType =
    type.kind === "choice" || type.kind === "multi"
      ? options.length
        ? { kind: type.kind, options }
        : plainText
      : type;
  const typed = cleanType.kind === "text" ? "" : `:${typeSource(cleanType)}`;
  return `{{${cleanName}${typed}${required ? "!" : ""}${cleanDefault ? `|${cleanDefault}` : ""}}}`;
}

/** A name without the spaces and required marks it ends in (looked at from the end, once). */
function withoutMarks(name: string) {
  let end = name.length;
  while (end > 0 && /[\s!]/.test(name[end - 1] ?? "")) end--;
  return name.slice(0, end).trim();
}

/** A section's start and end as the grammar writes them; null for a name no variable can have. */
export function sectionTokens(name: string) {
  const clean = name.replace(/[{}|\r\n]+/g, " ").trim();
  return clean ? { start: `{{#if ${clean}}}`, end: "{{/if}}" } : null;
}

/** A snippet as the grammar writes it; a title with braces or a line break cannot be one. */
export function snippetToken(title: string) {
  return /[{}\n]/.test(title) || !title.trim() ? null : `{{> ${title.trim()}}}`;
}

/** Text that must stay text: every {{ in it is escaped, so none reads as a piece. */
export function literalText(text: string) {
  return text.replaceAll("{{", "\\{{");
}

/** The names the app fills by itself; a value given for one wins, and a default stands in when none comes. */
const builtInNames = ["today", "me", "clipboard"] as const;
type BuiltInName = (typeof builtInNames)[number];

export function isBuiltIn(name: string): name is BuiltInName {
  return (builtInNames as readonly string[]).includes(name);
}

export function isVariable(piece: TemplatePiece): piece is VariablePiece {
  return "name" in piece;
}
