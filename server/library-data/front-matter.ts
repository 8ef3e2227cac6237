import { fail } from "./import-rules.ts";

export type FrontMatterValue = string | string[];

/**
 * A Markdown file's YAML front matter and body. Prompt files use a small part of YAML, and that
 * part is read: `key: value` with plain, "double-quoted" or 'single-quoted' values, lists as
 * `[a, "b"]` or as `- a` lines, and `|` / `>` blocks; deeper structure (which only tool settings
 * use) is skipped. A line that is none of these is refused, naming the file and line.
 */
export function splitFrontMatter(text: string, path: string) {
  const lines = text.split("\n");
  if (lines[0]?.trimEnd() !== "---")
    return { fields: new Map<string, FrontMatterValue>(), body: text };
  const close = lines.findIndex((line, at) => at > 0 && /^(---|\.\.\.)\s*$/.test(line));
  if (close === -1) fail(`${path} line 1`, "the front matter (from ---) is never closed");
  const fields = new Map<string, FrontMatterValue>();
  let block: {
    key: string;
    kind: "list" | "text" | "skip";
    lines: string[];
    fold: boolean;
  } | null = null;
  const finish = () => {
    if (!block) return;
    if (block.kind === "list") fields.set(block.key, block.lines);
    else if (block.kind === "text") {
      const joined = block.fold ? block.lines.join(" ") : block.lines.join("\n");
      fields.set(block.key, joined.trim());
    }
    block = null;
  };
  for (let at = 1; at < close; at++) {
    const line = lines[at] ?? "";
    const where = `${path} line ${at + 1}`;
    if (
      block &&
      (/^\s/.test(line) || line.trim() === "" || (block.kind === "list" && /^-(\s|$)/.test(line)))
    ) {
      if (block.kind === "list") {
        const item = /^\s*-\s*(.*)$/.exec(line);
        if (item) block.lines.push(scalar(item[1] ?? "", where));
        else if (line.trim() !== "") block.kind = "skip";
      } else if (block.kind === "text") block.lines.push(line.trim());
      continue;
    }
    finish();
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const pair = /^([A-Za-z0-9_][\w.-]*)\s*:(?:\s+(.*)|\s*)$/.exec(line);
    if (!pair) fail(where, 'expected "name: value" in the front matter');
    const key = pair[1] ?? "";
    const value = (pair[2] ?? "").trim();
    if (value === "") block = { key, kind: "list", lines: [], fold: false };
    else if (/^[|>][+-]?$/.test(value)) {
      block = { key, kind: "text", lines: [], fold: value.startsWith(">") };
    } else if (value.startsWith("[")) fields.set(key, flowList(value, where) ?? value);
    else fields.set(key, scalar(value, where));
  }
  finish();
  return { fields, body: lines.slice(close + 1).join("\n") };
}

/** One value as text: quotes taken off (and, in double quotes, escapes read), comments dropped. */
function scalar(raw: string, where: string): string {
  const value = raw.trim();
  if (value.startsWith('"')) {
    const end = closingQuote(value, 0, where);
    try {
      return JSON.parse(value.slice(0, end + 1)) as string;
    } catch {
      return value.slice(1, end);
    }
  }
  if (value.startsWith("'")) {
    const end = closingQuote(value, 0, where);
    return value.slice(1, end).replaceAll("''", "'");
  }
  return value.replace(/\s+#.*$/, "").trim();
}

/**
 * `[a, "b, c", 'd']` as its items. A value that only starts like a list (`[word] [language]`,
 * as Claude Code's argument hints are written) is text: null.
 */
function flowList(raw: string, where: string): string[] | null {
  const items: string[] = [];
  let at = 1;
  while (at < raw.length) {
    while (raw[at] === " " || raw[at] === ",") at++;
    if (raw[at] === "]") return /^\s*(#.*)?$/.test(raw.slice(at + 1)) ? items : null;
    if (at >= raw.length) break;
    if (raw[at] === '"' || raw[at] === "'") {
      const end = closingQuote(raw, at, where);
      items.push(scalar(raw.slice(at, end + 1), where));
      at = end + 1;
    } else {
      let end = at;
      while (end < raw.length && raw[end] !== "," && raw[end] !== "]") end++;
      items.push(raw.slice(at, end).trim());
      at = end;
    }
  }
  return fail(where, "a list in [brackets] is never closed");
}

function closingQuote(text: string, start: number, where: string) {
  const quote = text[start];
  for (let at = start + 1; at < text.length; at++) {
    if (quote === '"' && text[at] === "\\") at++;
    else if (text[at] === quote) {
      if (quote === "'" && text[at + 1] === "'") at++;
      else return at;
    }
  }
  return fail(where, "a text in quotes is never closed");
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
