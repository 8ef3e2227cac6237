import {
  literalText,
  sectionTokens,
  snippetToken,
  type VariableType,
  variableToken,
} from "../../shared/template-syntax.ts";

/** A variable another tool wrote, as ours will hold it: its type and required mark when it had them. */
export interface FoundVariable {
  name: string;
  defaultValue?: string | undefined;
  type?: VariableType | undefined;
  required?: boolean | undefined;
}

/** One of our snippets, `{{> Title}}`, as our own `.prompt.md` export writes it. */
export interface FoundSnippet {
  snippet: string;
}

/**
 * A conditional another tool wrote, as one of our sections: `inside` shown when `section` is on or
 * filled; or a section's start or end as our own `.prompt.md` export writes them.
 */
export type FoundSection =
  | { section: string; inside: FoundVariable }
  | { sectionStart: string }
  | { sectionEnd: true };

export type Found = FoundVariable | FoundSnippet | FoundSection;

/** A stretch of another tool's template: a variable of its syntax, or text kept as it is. */
export interface TemplateToken {
  index: number;
  text: string;
  variable: Found | null;
}

/**
 * Another tool's template in our syntax: each of its variables becomes one of ours, and every
 * other stretch of text stays text (a {{ in it is escaped, so it cannot turn into a variable).
 * Which syntax is read is decided by the file's format, never guessed line by line.
 */
export function convertVariables(text: string, tokens: Iterable<TemplateToken>) {
  let out = "";
  let last = 0;
  for (const token of tokens) {
    out += literalText(text.slice(last, token.index));
    out += token.variable
      ? (written(token.variable) ?? literalText(token.text))
      : literalText(token.text);
    last = token.index + token.text.length;
  }
  return out + literalText(text.slice(last));
}

/** What was found, in our syntax; null when it cannot be written (it stays text). */
function written(found: Found): string | null {
  if ("snippet" in found) return snippetToken(found.snippet);
  if ("sectionEnd" in found) return "{{/if}}";
  if ("sectionStart" in found) return sectionTokens(found.sectionStart)?.start ?? null;
  if ("section" in found) {
    const tokens = sectionTokens(found.section);
    return tokens ? `${tokens.start}${variableOf(found.inside)}${tokens.end}` : null;
  }
  return variableOf(found);
}

function variableOf(found: FoundVariable) {
  return variableToken(found.name, found.defaultValue, found.type, found.required === true);
}

/** The matches of a global pattern as tokens, each read into a variable (or left as text). */
export function* patternTokens(
  text: string,
  pattern: RegExp,
  read: (match: RegExpExecArray) => Found | null,
): Generator<TemplateToken> {
  for (const match of text.matchAll(pattern)) {
    yield { index: match.index, text: match[0], variable: read(match as RegExpExecArray) };
  }
}

/**
 * `name="value"`, `name='value'` or `name=value` pairs, as Raycast and others write options.
 * One pass: a name is looked for only where a word starts, and a quote never closed ends the
 * reading (what follows it is inside the quote), so no stretch of the text is read twice.
 */
export function attributes(text: string) {
  const found = new Map<string, string>();
  const name = /(?<![\w-])([\w-]+)\s*=\s*/g;
  for (let match = name.exec(text); match; match = name.exec(text)) {
    const start = name.lastIndex;
    const end = valueEnd(text, start);
    if (end === null) break;
    if (end > start) found.set(match[1] ?? "", unquote(text.slice(start, end)));
    name.lastIndex = end;
  }
  return found;
}

/** Where a value starting at `start` ends: after its closing quote, or at a space; null when a quote never closes. */
function valueEnd(text: string, start: number): number | null {
  const quote = text[start];
  if (quote === "'") {
    const close = text.indexOf("'", start + 1);
    return close === -1 ? null : close + 1;
  }
  if (quote === '"') {
    for (let at = start + 1; at < text.length; at++) {
      if (text[at] === "\\") at++;
      else if (text[at] === '"') return at + 1;
    }
    return null;
  }
  const space = /[\s"']/g;
  space.lastIndex = start;
  return space.exec(text)?.index ?? text.length;
}

/** A value in double quotes read as JSON reads it, in single quotes as written, else itself. */
export function unquote(raw: string) {
  if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.startsWith("'") && raw.endsWith("'") && raw.length >= 2) return raw.slice(1, -1);
  return raw;
}

/** A time as seconds (or milliseconds) since 1970, as an ISO date; null when there is none. */
export function epochDate(value: number | null | undefined) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const date = new Date(value > 100_000_000_000 ? value : value * 1000);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}
