import type { z } from "zod";
import type { Pace } from "../pacing.ts";
import {
  fail,
  failTooMany,
  type ImportLimits,
  importedPrompt,
  type ParsedImport,
} from "./import-rules.ts";
import { JsonShapeError, jsonMembers, lineAt } from "./json-members.ts";
import { parsed } from "./read-json-import.ts";

/** A prompt as another tool's entry gives it, its variables already in our syntax. */
export interface ToolPrompt {
  title: string;
  text: string;
  tags?: string[];
  folderPath?: string[];
  createdAt?: string | null;
}

/** Another tool's JSON export: a list of entries of one shape, each read into a prompt. */
export interface ToolJsonFormat<T> {
  name: ParsedImport["format"];
  /** Whether a file's first entry is this tool's: the first entry decides for the whole file. */
  recognises(entry: Record<string, unknown>): boolean;
  entry: z.ZodType<T>;
  prompt(entry: T): ToolPrompt;
}

/** The member a list sits under when the file is a list itself (it is read as {"items": [...]}). */
const wrapped = "items";

/**
 * The entries of a JSON list, one at a time: the file's top level when `listKey` is null, else
 * the list under that member of a top-level object. Read as the PromptShelf export is (entry by
 * entry, pausing), so neither size nor nesting can hold the server; a break names its line.
 */
export async function* jsonListEntries(text: string, listKey: string | null, pace: Pace) {
  // Wrapping adds no line break, so every line number stays the file's own.
  const source = listKey === null ? `{"${wrapped}":${text}}` : text;
  const key = listKey ?? wrapped;
  let index = 0;
  try {
    for await (const event of jsonMembers(source, pace)) {
      if (event.key !== key) continue;
      if (event.kind === "member") {
        if (!event.isArray) fail("The file", `"${key}" must be a list`);
      } else if (event.kind === "element") {
        yield { value: parsed(source, event), index: index++ };
      }
    }
  } catch (error) {
    if (error instanceof JsonShapeError) {
      fail(`Line ${lineAt(source, error.offset)}`, `not valid JSON (${error.message})`);
    }
    throw error;
  }
}

/** Reads every entry of another tool's list with its format's rules, or refuses the file. */
export async function readToolJson<T>(
  text: string,
  format: ToolJsonFormat<T>,
  listKey: string | null,
  limits: ImportLimits,
  pace: Pace,
): Promise<ParsedImport> {
  const prompts: ParsedImport["prompts"] = [];
  const now = new Date();
  for await (const { value, index } of jsonListEntries(text, listKey, pace)) {
    if (prompts.length === limits.promptsPerImport) failTooMany("prompts", limits.promptsPerImport);
    const where = entryName(index, value);
    const result = format.entry.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      fail(where, `${issue?.path.join(".") || "the entry"}: ${issue?.message}`);
    }
    const prompt = format.prompt(result.data);
    prompts.push(
      importedPrompt(
        {
          line: index + 1,
          useCase: prompt.title.trim(),
          promptText: prompt.text,
          shared: false,
          tags: prompt.tags ?? [],
          folderPath: prompt.folderPath ?? [],
          favourite: false,
          createdAt: prompt.createdAt ?? null,
        },
        where,
        limits,
        now,
      ),
    );
    await pace();
  }
  if (prompts.length === 0) fail("The file", "it holds no prompts");
  return { format: format.name, prompts, starredIds: [] };
}

/** `Entry 3 ("Summarize")`: its place in the list, and its title where it has one. */
export function entryName(index: number, value: unknown) {
  const fields = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const title = [fields.title, fields.name, fields.command].find(
    (field): field is string => typeof field === "string" && field.trim() !== "",
  );
  return title
    ? `Entry ${index + 1} (${JSON.stringify(title.trim().slice(0, 40))})`
    : `Entry ${index + 1}`;
}
