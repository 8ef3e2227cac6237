/**
 * The one grammar of prompt templates (README, "Templates"). Between {{ and }}, on one line and
 * without braces:
 * - `{{topic}}` a variable, `{{tone|friendly}}` one with a default (everything after the first |);
 * - `{{words:number|150}}`, `{{notes:long}}`, `{{tone:choice(friendly,formal)}}` typed variables;
 * - `{{> Title}}` a snippet: another of the person's prompts, by title;
 * - `\{{` writes a literal {{.
 * The browser fills templates with it (shared/template.ts), the server writes it when converting
 * other tools' variables on import and reads it on export, and the linter checks it, so none of
 * them can disagree.
 */
const token = /\\\{\{|\{\{([^{}\n]*?)\}\}/g;

/** What a variable asks for: one line, several lines, a number, or one of a few options. */
export type VariableType =
  | { kind: "text" }
  | { kind: "long" }
  | { kind: "number" }
  | { kind: "choice"; options: string[] };

export type TemplatePiece =
  | { text: string }
  | { name: string; defaultValue: string | undefined; type: VariableType }
  | { snippet: string };

/** A piece with where its source starts and ends in the template. */
export type PlacedPiece = { piece: TemplatePiece; from: number; to: number };

const plainText: VariableType = { kind: "text" };
/** `name:type` at the end of a variable's head: the name is what comes before the last such colon. */
const typeSuffix = /^(.*?):\s*(number|long|choice\(([^()]*)\))\s*$/;

/** A template as literal text, variables and snippets in order, each with its place. */
export function placedPieces(template: string): PlacedPiece[] {
  const out: PlacedPiece[] = [];
  let last = 0;
  for (const match of template.matchAll(token)) {
    const end = match.index + match[0].length;
    if (match.index > last) {
      out.push({ piece: { text: template.slice(last, match.index) }, from: last, to: match.index });
    }
    const piece =
      match[0] === "\\{{" ? { text: "{{" } : (readToken(match[1] ?? "") ?? { text: match[0] });
    out.push({ piece, from: match.index, to: end });
    last = end;
  }
  if (last < template.length) {
    out.push({ piece: { text: template.slice(last) }, from: last, to: template.length });
  }
  return out;
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
  const bar = body.indexOf("|");
  const head = bar === -1 ? body : body.slice(0, bar);
  const defaultValue = bar === -1 ? undefined : body.slice(bar + 1);
  const typed = typedHead(head);
  const name = (typed?.name ?? head).trim();
  if (!name) return null;
  return { name, defaultValue, type: typed?.type ?? plainText };
}

/** `words:number` as its name and type; null when the head names no type (a colon is then part of the name). */
function typedHead(head: string): { name: string; type: VariableType } | null {
  const match = typeSuffix.exec(head);
  if (!match?.[1]?.trim()) return null;
  if (match[2] === "number") return { name: match[1], type: { kind: "number" } };
  if (match[2] === "long") return { name: match[1], type: { kind: "long" } };
  const options = (match[3] ?? "")
    .split(",")
    .map((option) => option.trim())
    .filter(Boolean);
  return options.length ? { name: match[1], type: { kind: "choice", options } } : null;
}

/** A type as the grammar writes it after the name's colon; plain text has none. */
function typeSource(type: VariableType) {
  if (type.kind === "choice") return `choice(${type.options.join(",")})`;
  return type.kind === "text" ? "" : type.kind;
}

/**
 * A variable as the grammar writes it. A name cannot hold braces, a bar or a line break, nor start
 * with > (a snippet), nor end in what reads as a type; a default cannot hold braces or a line
 * break; an option cannot hold braces, a bar, a comma, parentheses or a line break. Those become
 * spaces (braces are dropped from a default), so whatever another tool allowed still reads back
 * as one variable.
 */
export function variableToken(name: string, defaultValue?: string, type: VariableType = plainText) {
  let cleanName =
    name
      .replace(/[{}|\r\n]+/g, " ")
      .replace(/^[\s>]+/, "")
      .trim() || "variable";
  // A name that would read as typed loses its colons: then no type can follow one. (Taking them off
  // one at a time from the end, until none reads so, took a pass over the name per colon.)
  if (typedHead(cleanName)) cleanName = cleanName.replaceAll(":", " ");
  const cleanDefault = defaultValue?.replace(/[{}]+/g, "").replace(/[\r\n]+/g, " ");
  const options =
    type.kind === "choice"
      ? type.options.map((option) => option.replace(/[{}|,()\r\n]+/g, " ").trim()).filter(Boolean)
      : [];
  const cleanType: VariableType =
    type.kind === "choice" ? (options.length ? { kind: "choice", options } : plainText) : type;
  const typed = cleanType.kind === "text" ? "" : `:${typeSource(cleanType)}`;
  return `{{${cleanName}${typed}${cleanDefault ? `|${cleanDefault}` : ""}}}`;
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
