import {
  promptTextMaxLength,
  tagMaxLength,
  tagsPerPrompt,
  useCaseMaxLength,
} from "../../shared/prompt.ts";
import type { prompts } from "../db/schema.ts";
import { AppError, type ErrorCode, type ErrorDetail } from "../errors.ts";
import { folderName } from "../folders/folder-input.ts";
import { storableText } from "../validation.ts";
import type { ImportedCollection } from "./import-collections.ts";
import type { ImportedHistory } from "./import-history.ts";

export interface ImportedPrompt {
  /** Where it is in the file, for messages: a line (CSV) or an index (JSON). */
  line: number;
  useCase: string;
  /** The text as stored (a long use case comes first). */
  promptText: string;
  /** The text as the file has it, which decides duplicates within the file. */
  fileText: string;
  shared: boolean;
  tags: string[];
  folderPath: string[];
  favourite: boolean;
  createdAt: Date | null;
  /** PromptShelf JSON only; a prompt without it starts at version 1, copied from nothing. */
  history?: ImportedHistory;
  /** The seed's demo prompts: the topic library it is filed under (its category; the title stays). */
  topic?: string;
  /**
   * PromptShelf JSON: the columns the file gives as they are (table-codecs.ts); an Agent Skill:
   * its description.
   */
  columns?: Partial<typeof prompts.$inferInsert>;
}

/** Every format an import reads, as the preview names it. */
export type ImportFormat =
  | "PromptShelf JSON"
  | "PromptShelf CSV"
  | "prompts.chat CSV"
  | "Open WebUI JSON"
  | "LibreChat JSON"
  | "Raycast AI Commands JSON"
  | "Raycast Presets JSON"
  | "AI Prompt Genius JSON"
  | "AI Prompt Genius CSV"
  | "Copilot prompt files"
  | "Claude Code commands"
  | "Agent Skills"
  | "Agent Skills and Copilot prompt files"
  | "Agent Skills and Claude Code commands";

export interface ParsedImport {
  format: ImportFormat;
  prompts: ImportedPrompt[];
  /** JSON only: stars on other people's prompts, by id. */
  starredIds: string[];
  /** PromptShelf JSON only: the person's collections. */
  collections?: ImportedCollection[];
  /** A zip of Agent Skills: the files beside the skills' SKILL.md (scripts, references…), left out. */
  skillFilesLeftOut?: number;
}

/** What one file may hold: see IMPORT_PROMPT_LIMIT and FOLDER_DEPTH_LIMIT in docs/operations.md. */
export interface ImportLimits {
  /** Prompts in one file, and stars in one file. */
  promptsPerImport: number;
  folderDepth: number;
  /** The most versions a prompt may bring, the current one counted: VERSION_LIMIT. */
  versionsPerPrompt: number;
  /** The most bytes a zip may unpack to; 25 MB (the default IMPORT_LIMIT) when not given. */
  unzippedBytes?: number;
}

/** Stops the import, saying where and why; nothing is written. */
export function fail(
  where: string,
  problem: string,
  code: ErrorCode = "invalid_input",
  detail: ErrorDetail = "import_file_invalid",
): never {
  throw new AppError(code, `${where}: ${problem}. Nothing was imported.`, detail);
}

export function failTooMany(what: "prompts" | "stars", limit: number): never {
  return fail(
    "The file",
    `it holds more than ${limit.toLocaleString("en-US")} ${what}, the most one import takes`,
    "payload_too_large",
    "import_too_large",
  );
}

/** A prompt as a file gives it, before the rules below. */
export interface RawPrompt {
  line: number;
  useCase: string;
  promptText: string;
  shared: boolean;
  tags: string[];
  folderPath: string[];
  favourite: boolean;
  createdAt: string | null;
}

const storable = storableText();
const earliest = Date.UTC(1970, 0, 1);
/** The first instant past four-digit years. */
const latest = Date.UTC(10_000, 0, 1);

/**
 * The rules every other way in keeps, applied to one prompt of a file: text that is there and
 * fits, storable text everywhere, folder names as a folder may be named, folders no deeper than
 * the limit, and a date from 1970 to the year 9999 (one in the future, which would pin a prompt
 * to the top of every list, becomes now).
 */
export function importedPrompt(
  raw: RawPrompt,
  where: string,
  limits: ImportLimits,
  now: Date,
): ImportedPrompt {
  const content = importedContent(raw.useCase, raw.promptText, where);
  const tags = cleanTags(raw.tags);
  for (const tag of tags) assertStorable("tag", tag, where);
  if (raw.folderPath.length > limits.folderDepth) {
    fail(
      where,
      `its folder is ${raw.folderPath.length} levels deep, and folders can be nested at most ${limits.folderDepth} levels deep`,
    );
  }
  const folderPath = raw.folderPath.map((name) => {
    const parsed = folderName.safeParse(name);
    return parsed.success
      ? parsed.data
      : fail(where, `the folder name: ${parsed.error.issues[0]?.message}`);
  });
  return {
    line: raw.line,
    ...content,
    fileText: raw.promptText,
    shared: raw.shared,
    tags,
    folderPath,
    favourite: raw.favourite,
    createdAt: importDate(raw.createdAt, where, now),
  };
}

/**
 * A text and use case as a prompt or one of its versions keeps them: text that is there and
 * fits, storable text in both, and a long use case whole at the top of the text.
 */
export function importedContent(useCase: string, promptText: string, where: string) {
  if (promptText.trim() === "") fail(where, "the prompt is empty");
  const limit = promptTextMaxLength.toLocaleString("en-US");
  if (promptText.length > promptTextMaxLength) {
    fail(where, `the prompt is longer than ${limit} characters`);
  }
  const stored = withFullUseCase(useCase, promptText);
  if (stored.length > promptTextMaxLength) {
    fail(
      where,
      `the prompt, with its use case kept at its top, is longer than ${limit} characters`,
    );
  }
  assertStorable("prompt", promptText, where);
  assertStorable("use case", useCase, where);
  return { useCase, promptText: stored };
}

function assertStorable(field: string, value: string, where: string) {
  const problem = storable.safeParse(value).error?.issues[0]?.message;
  if (problem) fail(where, `the ${field} ${problem}`);
}

/** A file's date, from 1970 to the year 9999; one in the future becomes now. */
export function importDate(value: string | null, where: string, now: Date) {
  if (!value) return null;
  const date = new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time) || time >= latest) fail(where, `"${value.slice(0, 40)}" is not a date`);
  if (time < earliest) fail(where, `"${value.slice(0, 40)}" is before 1970`);
  return date > now ? now : date;
}

/** A use case over 35 characters stays whole at the top of the text; the title gets the cut. */
function withFullUseCase(useCase: string, promptText: string) {
  return useCase.length > useCaseMaxLength ? `${useCase}\n\n${promptText}` : promptText;
}

function cleanTags(tags: string[]) {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    if (out.length === tagsPerPrompt) break;
    const tag = raw.trim().slice(0, tagMaxLength).trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
}
