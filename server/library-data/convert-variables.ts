import { literalText, snippetToken, variableToken } from "../../shared/template-syntax.ts";

/** A variable another tool wrote, as ours will hold it. */
export interface FoundVariable {
  name: string;
  defaultValue?: string | undefined;
}

/** One of our snippets, `{{> Title}}`, as our own `.prompt.md` export writes it. */
export interface FoundSnippet {
  snippet: string;
}

/** A stretch of another tool's template: a variable of its syntax, or text kept as it is. */
export interface TemplateToken {
  index: number;
  text: string;
  variable: FoundVariable | FoundSnippet | null;
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
    out += !token.variable
      ? literalText(token.text)
      : "snippet" in token.variable
        ? (snippetToken(token.variable.snippet) ?? literalText(token.text))
        : variableToken(token.variable.name, token.variable.defaultValue);
    last = token.index + token.text.length;
  }
  return out + literalText(text.slice(last));
}

/** The matches of a global pattern as tokens, each read into a variable (or left as text). */
export function* patternTokens(
  text: string,
  pattern: RegExp,
  read: (match: RegExpExecArray) => FoundVariable | FoundSnippet | null,
): Generator<TemplateToken> {
  for (const match of text.matchAll(pattern)) {
    yield { index: match.index, text: match[0], variable: read(match as RegExpExecArray) };
  }
}

/** `name="value"`, `name='value'` or `name=value` pairs, as Raycast and others write options. */
export function attributes(text: string) {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/([\w-]+)\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^\s"']+)/g)) {
    const [, key = "", raw = ""] = match;
    found.set(key, unquote(raw));
  }
  return found;
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
