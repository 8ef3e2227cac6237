import { type Pace, pacer } from "../pacing.ts";
import { csvHeader } from "./csv-records.ts";
import { fail, type ImportLimits, type ParsedImport } from "./import-rules.ts";
import { jsonMembers } from "./json-members.ts";
import { readCsvImport } from "./read-csv-import.ts";
import { readJsonImport } from "./read-json-import.ts";
import { libreChatFormat, libreChatListKey } from "./read-librechat-import.ts";
import { openWebUiFormat } from "./read-open-webui-import.ts";
import { readPromptFile, readPromptFilesZip } from "./read-prompt-files-import.ts";
import { readPromptGeniusCsv } from "./read-prompt-genius-csv.ts";
import { isPromptGeniusHeader, promptGeniusFormat } from "./read-prompt-genius-import.ts";
import { raycastCommandsFormat, raycastPresetsFormat } from "./read-raycast-import.ts";
import { entryName, jsonListEntries, readToolJson, type ToolJsonFormat } from "./read-tool-json.ts";

/** Other tools' JSON lists, told apart by their first entry's fields. */
const toolFormats: ToolJsonFormat<unknown>[] = [
  openWebUiFormat,
  libreChatFormat,
  raycastCommandsFormat,
  raycastPresetsFormat,
  promptGeniusFormat,
];

/** Members of a PromptShelf export: a top-level object with one of them is ours. */
const ourMembers = new Set([
  "format",
  "version",
  "prompts",
  "folders",
  "favourites",
  "versions",
  "collections",
]);

/**
 * Reads an import file; anything malformed stops it with the line (or entry, or file) named.
 * This is the one place that decides a file's format, from what it is:
 * - a zip (its first bytes): Agent Skills (each folder's SKILL.md), Copilot prompt files or
 *   Claude Code commands;
 * - a Markdown file (its name ends in .md, or it opens with front matter): one of those, a skill
 *   when it is named SKILL.md;
 * - a JSON object: a PromptShelf export, or LibreChat's `{ promptGroups: [...] }`;
 * - a JSON list: Open WebUI, LibreChat, Raycast or AI Prompt Genius, by its first entry;
 * - otherwise CSV: AI Prompt Genius's by its header, else ours or prompts.chat's.
 * The format then decides how variables are read, for the whole file.
 * The reading pauses now and then, so other requests are answered while a large file is read.
 */
export async function parseImport(
  file: string | Uint8Array,
  limits: ImportLimits,
  pace: Pace = pacer(),
  fileName = "",
): Promise<ParsedImport> {
  if (typeof file !== "string" && isZip(file)) return readPromptFilesZip(file, limits, pace);
  const body = (typeof file === "string" ? file : await textOf(file, pace)).replace(/^\uFEFF/, "");
  if (body.trim() === "") fail("The file", "it is empty");
  if (body.startsWith("# PromptShelf library of ")) {
    fail(
      "The file",
      "a PromptShelf Markdown export is for reading; import the JSON export instead",
    );
  }
  if (/\.md$/i.test(fileName) || /^---\r?\n/.test(body)) {
    return readPromptFile(fileName || "prompt.md", body, limits);
  }
  const start = body.trimStart()[0];
  if (start === "[") return readToolJson(body, await listFormat(body, pace), null, limits, pace);
  if (start === "{") {
    return (await isLibreChatObject(body, pace))
      ? readToolJson(body, libreChatFormat, libreChatListKey, limits, pace)
      : readJsonImport(body, limits, pace);
  }
  return isPromptGeniusHeader(csvHeader(body))
    ? readPromptGeniusCsv(body, limits, pace)
    : readCsvImport(body, limits, pace);
}

/** Bytes decoded at a time: a 25 MB file decoded in one call held the event loop for 136 ms. */
const decodeBytes = 1_048_576;

/** The file as text (UTF-8), decoded a stretch at a time with pauses between. */
async function textOf(bytes: Uint8Array, pace: Pace) {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += decodeBytes) {
    // `stream`: a character cut at the stretch's end is finished by the next.
    parts.push(decoder.decode(bytes.subarray(start, start + decodeBytes), { stream: true }));
    await pace();
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** A zip's first bytes: a file's header, or the end record of an empty zip. */
function isZip(bytes: Uint8Array) {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** Which tool's list a JSON list is, from its first entry. */
async function listFormat(text: string, pace: Pace) {
  for await (const { value } of jsonListEntries(text, null, pace)) {
    const fields = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    const format = toolFormats.find((candidate) => candidate.recognises(fields));
    return (
      format ??
      fail(
        entryName(0, value),
        "not a prompt of any format PromptShelf reads (Open WebUI, LibreChat, Raycast, AI Prompt Genius)",
      )
    );
  }
  return fail("The file", "it holds no prompts");
}

/** Whether a JSON object is LibreChat's list of prompt groups rather than our export. */
async function isLibreChatObject(text: string, pace: Pace) {
  try {
    for await (const event of jsonMembers(text, pace)) {
      if (event.kind !== "member") continue;
      if (event.key === libreChatListKey) return true;
      if (ourMembers.has(event.key)) return false;
    }
  } catch {
    // A broken file: our reader names the line it breaks on.
  }
  return false;
}
