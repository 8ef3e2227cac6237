import { parse } from "csv-parse/sync";
import { type ParseError, parseTree } from "jsonc-parser";
import { z } from "zod";
import {
  folderNameMaxLength,
  promptTextMaxLength,
  tagMaxLength,
  tagsPerPrompt,
  useCaseMaxLength,
} from "../../app/lib/prompt.ts";
import { AppError } from "../errors.ts";
import { storableText } from "../validation.ts";
import { folderPathSeparator, libraryFormat } from "./export-library.ts";

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
}

export interface ParsedImport {
  format: "PromptShelf JSON" | "PromptShelf CSV" | "prompts.chat CSV";
  prompts: ImportedPrompt[];
  /** JSON only: stars on other people's prompts, by id. */
  starredIds: string[];
}

const fail = (where: string, problem: string): never => {
  throw new AppError("invalid_input", `${where}: ${problem}. Nothing was imported.`);
};

/** Reads an import file; anything malformed stops it with the line (or entry) named. */
export function parseImport(text: string): ParsedImport {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") fail("The file", "it is empty");
  const parsed = body.trimStart().startsWith("{") ? parseJson(body) : parseCsv(body);
  const entry = parsed.format === "PromptShelf JSON" ? "Prompt" : "Line";
  const now = new Date();
  return {
    ...parsed,
    prompts: parsed.prompts.map((prompt) => withinLimits(prompt, `${entry} ${prompt.line}`, now)),
  };
}

/**
 * The rules every other way in keeps: storable text everywhere, folder names at most 60
 * characters, and no date in the future (which would pin a prompt to the top of every list).
 */
function withinLimits(prompt: ImportedPrompt, where: string, now: Date): ImportedPrompt {
  const fields: [string, string][] = [
    ["prompt", prompt.promptText],
    ["use case", prompt.useCase],
    ...prompt.tags.map((tag): [string, string] => ["tag", tag]),
    ...prompt.folderPath.map((name): [string, string] => ["folder name", name]),
  ];
  for (const [field, value] of fields) {
    const problem = storable.safeParse(value).error?.issues[0]?.message;
    if (problem) fail(where, `the ${field} ${problem}`);
  }
  return {
    ...prompt,
    folderPath: prompt.folderPath.map((name) => name.slice(0, folderNameMaxLength).trim()),
    createdAt: prompt.createdAt && prompt.createdAt > now ? now : prompt.createdAt,
  };
}
const storable = storableText();

/** A use case over 35 characters stays whole at the top of the text; the title gets the cut. */
function withFullUseCase(useCase: string, promptText: string) {
  return useCase.length > useCaseMaxLength ? `${useCase}\n\n${promptText}` : promptText;
}

function cleanTags(tags: string[]) {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, tagMaxLength).trim();
    if (tag && !seen.has(tag.toLowerCase()) && out.length < tagsPerPrompt) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
}

function checkText(where: string, text: string) {
  if (text.trim() === "") fail(where, "the prompt is empty");
  if (text.length > promptTextMaxLength)
    fail(
      where,
      `the prompt is longer than ${promptTextMaxLength.toLocaleString("en-US")} characters`,
    );
}

function parseCsv(text: string): ParsedImport {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: true,
      skip_empty_lines: true,
      info: true,
      relax_column_count: false,
      trim: false,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return fail(
      line ? `Line ${line}` : "The file",
      `not valid CSV (${(error as Error).message.replace(/^Invalid Record Length: /, "")})`,
    );
  }
  const columns = Object.keys(records[0]?.record ?? {});
  if (!columns.includes("prompt"))
    fail("Line 1", 'the header needs a "prompt" column (and "act" for the use case)');
  const ours = columns.includes("category") && columns.includes("tags");
  let previousEnd = 1;
  const prompts = records.map(({ record, info }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    const where = `Line ${line}`;
    const promptText = record.prompt ?? "";
    checkText(where, promptText);
    const act = (record.act ?? "").trim();
    const useCase = ours ? (record.category ?? "").trim() || (act === "Untitled" ? "" : act) : act;
    const created = record.created_at ? new Date(record.created_at) : null;
    if (created && Number.isNaN(created.getTime()))
      fail(where, `"${record.created_at}" is not a date`);
    return {
      line,
      useCase,
      promptText: withFullUseCase(useCase, promptText),
      fileText: promptText,
      shared: false,
      tags: cleanTags((record.tags ?? "").split(/[;,]/)),
      folderPath: (record.folder ?? "")
        .split(folderPathSeparator)
        .map((name) => name.trim())
        .filter(Boolean),
      favourite: false,
      createdAt: created,
    };
  });
  return { format: ours ? "PromptShelf CSV" : "prompts.chat CSV", prompts, starredIds: [] };
}

const jsonFile = z.object({
  format: z.literal(libraryFormat),
  folders: z
    .array(z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() }))
    .default([]),
  favourites: z.array(z.object({ promptId: z.string() })).default([]),
  prompts: z.array(
    z.object({
      title: z.string().default(""),
      promptText: z.string(),
      category: z.string().nullable().default(null),
      shared: z.boolean().default(false),
      folderId: z.string().nullable().default(null),
      tags: z.array(z.string()).default([]),
      favourite: z.boolean().default(false),
      createdAt: z.string().optional(),
    }),
  ),
});

function parseJson(text: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // JSON.parse does not say where; a strict second reading does.
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    const offset = errors[0]?.offset;
    const line = offset === undefined ? null : text.slice(0, offset).split("\n").length;
    return fail(line ? `Line ${line}` : "The file", "not valid JSON");
  }
  const parsed = jsonFile.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const index = issue?.path[0] === "prompts" ? issue.path[1] : undefined;
    return fail(
      typeof index === "number" ? `Prompt ${index + 1}` : "The file",
      issue?.path[0] === "format"
        ? "not a PromptShelf export"
        : `${issue?.path.slice(2).join(".") || "entry"} ${issue?.message}`,
    );
  }
  const folders = new Map(parsed.data.folders.map((folder) => [folder.id, folder]));
  const pathOf = (id: string | null): string[] => {
    const trail: string[] = [];
    for (
      let folder = id ? folders.get(id) : undefined;
      folder && trail.length < 64;
      folder = folder.parentId ? folders.get(folder.parentId) : undefined
    ) {
      trail.unshift(folder.name);
    }
    return trail;
  };
  const prompts = parsed.data.prompts.map((prompt, index) => {
    checkText(`Prompt ${index + 1}`, prompt.promptText);
    const created = prompt.createdAt ? new Date(prompt.createdAt) : null;
    return {
      line: index + 1,
      useCase: prompt.category ?? "",
      promptText: prompt.promptText,
      fileText: prompt.promptText,
      shared: prompt.shared,
      tags: cleanTags(prompt.tags),
      folderPath: pathOf(prompt.folderId),
      favourite: prompt.favourite,
      createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
    };
  });
  return {
    format: "PromptShelf JSON",
    prompts,
    starredIds: parsed.data.favourites.map((star) => star.promptId),
  };
}
