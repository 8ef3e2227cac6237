import { z } from "zod";
import {
  convertVariables,
  epochDate,
  type FoundSection,
  type FoundVariable,
  type TemplateToken,
} from "./convert-variables.ts";
import type { ToolJsonFormat } from "./read-tool-json.ts";

/*
 * AI Prompt Genius (AI-Prompt-Genius/AI-Prompt-Genius, src/components/js/export.ts): "Export
 * JSON" writes its stored prompts as they are, a list of `{ id, title, text, description,
 * folder, tags, lastChanged }` (one folder name per prompt, tags a list, lastChanged in ms);
 * "Export CSV" writes the columns title, content, description, folder, tags (tags joined with
 * ";"), and its template names them Title, Text, Description, Folder, Tags; its own import reads
 * the columns by place, and so do we. PromptShelf prompts have a title and a text, so the
 * description is not kept. Variables (src/components/js/variables.ts): `{{Name}}`,
 * `{{Name::text}}`, `{{Name::largeText}}` (long), `{{Name::number-5}}` (a number, default 5),
 * `{{Name::list-a; b; c}}` (a choice; the first option is the default), `{{Name::list@set}}`
 * (a saved set we do not have: a line of text). A conditional on one variable with one branch,
 * `{{if Name {Other::text}}}`, is our section `{{#if Name}}{{Other}}{{/if}}`; any other
 * (an expression, an else) has no equal in PromptShelf and stays as text.
 */
const entry = z.object({
  title: z.string(),
  text: z.string(),
  folder: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  lastChanged: z.number().nullish(),
});

export const promptGeniusFormat: ToolJsonFormat<z.infer<typeof entry>> = {
  name: "AI Prompt Genius JSON",
  recognises: (fields) => typeof fields.title === "string" && "text" in fields,
  entry,
  prompt: (prompt) => ({
    title: prompt.title,
    text: promptGeniusTemplate(prompt.text),
    tags: prompt.tags ?? [],
    folderPath: prompt.folder?.trim() ? [prompt.folder] : [],
    createdAt: epochDate(prompt.lastChanged),
  }),
};

/** A CSV row of AI Prompt Genius's export, by column place: title, text, description, folder, tags. */
export function promptGeniusRow(cells: string[]) {
  const [title = "", text = "", , folder = "", tags = ""] = cells;
  return {
    title,
    text: promptGeniusTemplate(text),
    folderPath: folder.trim() ? [folder] : [],
    tags: tags.split(";"),
  };
}

/** Whether a CSV header is AI Prompt Genius's (export or template). */
export function isPromptGeniusHeader(cells: string[]) {
  const [first, second] = cells.map((cell) => cell.trim().toLowerCase());
  return first === "title" && (second === "content" || second === "text");
}

export function promptGeniusTemplate(text: string) {
  return convertVariables(text, promptGeniusTokens(text));
}

/**
 * Its tokens as its own tokenizer finds them: from {{ to the }} that closes it, single braces in
 * between counted, so a conditional's branches are one token.
 */
function* promptGeniusTokens(text: string): Generator<TemplateToken> {
  let from = 0;
  while (true) {
    const start = text.indexOf("{{", from);
    if (start === -1) return;
    const close = closingBraces(text, start + 2);
    if (close === -1) return;
    const inner = text.slice(start + 2, close);
    const token = text.slice(start, close + 2);
    yield {
      index: start,
      text: token,
      variable: /^\s*if\b/.test(inner) ? section(inner) : variable(inner),
    };
    from = close + 2;
  }
}

function closingBraces(text: string, from: number) {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const c = text[at];
    if (c === "{") depth++;
    else if (c === "}") {
      if (depth > 0) depth--;
      else if (text[at + 1] === "}") return at;
    }
  }
  return -1;
}

function variable(inner: string): FoundVariable | null {
  const separator = inner.indexOf("::");
  const name = (separator === -1 ? inner : inner.slice(0, separator)).trim();
  if (!name) return null;
  const spec = separator === -1 ? "" : inner.slice(separator + 2).trim();
  if (spec === "largeText") return { name, type: { kind: "long" } };
  if (spec === "number") return { name, type: { kind: "number" } };
  if (spec.startsWith("number-")) {
    return { name, type: { kind: "number" }, defaultValue: spec.slice("number-".length) };
  }
  if (spec.startsWith("list-")) {
    const options = spec
      .slice("list-".length)
      .split(";")
      .map((option) => option.trim())
      .filter(Boolean);
    // Its first option is its default, written out as the default it always was.
    return options.length
      ? { name, type: { kind: "choice", options }, defaultValue: options[0] }
      : { name };
  }
  return { name };
}

/** `if Name {Other::type}`: one variable's name, one branch holding one variable, no else. */
function section(inner: string): FoundSection | null {
  const simple = /^\s*if\s+([\p{L}\p{N}_ ]+?)\s*\{([^{}]*)\}\s*$/u.exec(inner);
  const inside = simple ? variable(simple[2] ?? "") : null;
  return simple?.[1] && inside ? { section: simple[1], inside } : null;
}
