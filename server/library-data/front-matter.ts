import { parseDocument, type YAMLError } from "yaml";
import { fail } from "./import-rules.ts";

export type FrontMatterValue = string | string[];
/** A field that is a mapping (an Agent Skill's `metadata`): its own fields of text or lists. */
export type FrontMatterMaps = Map<string, Map<string, FrontMatterValue>>;

/**
 * The most front matter a prompt file may have. Every tool's is a few hundred bytes (a name, a
 * description, a list of tools); the bound keeps the YAML reader's work small whatever a file
 * holds, since a crafted front matter makes it slow (about 10 µs a character).
 */
export const frontMatterLimit = 8 * 1024;

const yamlOptions = { schema: "failsafe", prettyErrors: false, uniqueKeys: false } as const;
/** Anchors and aliases are YAML's; a prompt file has no use for them beyond a few. */
const maxAliasCount = 20;

/**
 * A Markdown file's YAML front matter and body, read by the `yaml` library as text (the failsafe
 * schema: `12` is "12", `yes` is "yes"). Values that are text or lists of text are kept in
 * `fields`; a mapping of those (an Agent Skill's `metadata: { title: …, tags: … }`) in `maps`;
 * deeper structure (which only tool settings use) is skipped.
 *
 * Tools write lines YAML reads otherwise, and mean them as text: Claude Code's
 * `argument-hint: [pr-number] [priority]`, or `description: Fix: the bug`. When the whole is not
 * YAML, each top-level field is read on its own, and a one-line value that is not YAML is its
 * text. A quote or bracket never closed, a line that is no field, or a field of several lines
 * that is not YAML is refused, naming the file and line.
 */
export function splitFrontMatter(text: string, path: string) {
  const lines = text.split("\n");
  const maps: FrontMatterMaps = new Map();
  if (lines[0]?.trimEnd() !== "---")
    return { fields: new Map<string, FrontMatterValue>(), maps, body: text };
  const close = lines.findIndex((line, at) => at > 0 && /^(---|\.\.\.)\s*$/.test(line));
  if (close === -1) fail(`${path} line 1`, "the front matter (from ---) is never closed");
  const source = lines.slice(1, close);
  if (source.reduce((sum, line) => sum + line.length + 1, 0) > frontMatterLimit) {
    fail(
      `${path} line 1`,
      `the front matter is over ${frontMatterLimit / 1024} KB, the most a prompt file's may be`,
    );
  }
  const body = lines.slice(close + 1).join("\n");
  const whole = readYaml(source.join("\n"));
  if (!whole.error) return { fields: fieldsOf(whole.value, maps), maps, body };
  return { fields: readFieldByField(source, path, maps), maps, body };
}

/** Each top-level field (its line and the indented lines under it) read as YAML on its own. */
function readFieldByField(source: string[], path: string, maps: FrontMatterMaps) {
  const fields = new Map<string, FrontMatterValue>();
  let at = 0;
  while (at < source.length) {
    const line = source[at] ?? "";
    if (line.trim() === "" || line.startsWith("#")) {
      at++;
      continue;
    }
    const where = (offset: number) => `${path} line ${at + 2 + offset}`;
    const key = /^([A-Za-z0-9_][\w.-]*)\s*:(?:\s|$)/.exec(line);
    if (!key) fail(where(0), 'expected "name: value" in the front matter');
    let end = at + 1;
    while (end < source.length && /^(\s|-(\s|$)|$)/.test(source[end] ?? "")) end++;
    const field = source.slice(at, end).join("\n");
    const read = readYaml(field);
    if (!read.error) {
      for (const [name, value] of fieldsOf(read.value, maps)) fields.set(name, value);
    } else if (end - at > 1 || refusedOnOneLine(read.error)) {
      fail(where(lineOf(field, read.error.pos[0])), problem(read.error));
    } else {
      fields.set(key[1] ?? "", line.slice(key[0].length).trim());
    }
    at = end;
  }
  return fields;
}

function readYaml(source: string): { value: unknown; error?: undefined } | { error: YAMLError } {
  const document = parseDocument(source, yamlOptions);
  const error = document.errors[0];
  if (error) return { error };
  try {
    return { value: document.toJS({ maxAliasCount }) };
  } catch (thrown) {
    // An alias to no anchor, or too many aliases.
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return { error: { code: "BAD_ALIAS", message, pos: [0, 0] } as YAMLError };
  }
}

/** A quote or bracket opened and never closed is a mistake even on one line, not text. */
function refusedOnOneLine(error: YAMLError) {
  return error.code === "MISSING_CHAR" || error.code === "BAD_INDENT" || error.code === "BAD_ALIAS";
}

function problem(error: YAMLError) {
  if (error.code === "MISSING_CHAR" && /quote/.test(error.message)) {
    return "a text in quotes is never closed";
  }
  if (error.code === "BAD_INDENT" && /Flow sequence/.test(error.message)) {
    return "a list in [brackets] is never closed";
  }
  return `not YAML (${error.message.replace(/\.$/, "")})`;
}

/** Which line of `source` (0 for the first) an offset falls on. */
function lineOf(source: string, offset: number) {
  let line = 0;
  for (let at = source.indexOf("\n"); at !== -1 && at < offset; at = source.indexOf("\n", at + 1))
    line++;
  return line;
}

/**
 * The fields of a YAML mapping that are text, or lists of text; an empty one is as if not there.
 * With `maps`, a field that is a mapping itself goes there, its own fields read the same way (one
 * level: a mapping inside it is skipped).
 */
function fieldsOf(value: unknown, maps?: FrontMatterMaps) {
  const fields = new Map<string, FrontMatterValue>();
  if (!value || typeof value !== "object" || Array.isArray(value)) return fields;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === "string" && field.trim()) fields.set(key, field.trim());
    else if (Array.isArray(field) && field.every((item) => typeof item === "string")) {
      fields.set(
        key,
        field.map((item: string) => item.trim()),
      );
    } else if (maps && field && typeof field === "object" && !Array.isArray(field)) {
      const inner = fieldsOf(field);
      if (inner.size) maps.set(key, inner);
    }
  }
  return fields;
}

/** A field as a list: a YAML list, or a comma-separated line. */
export function listField(value: FrontMatterValue | undefined) {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : value.split(",");
}

/** A field as one line of text. */
export function textField(value: FrontMatterValue | undefined) {
  if (value === undefined) return "";
  return Array.isArray(value) ? value.join(", ") : value;
}
