import { type ParseError, parseTree } from "jsonc-parser";
import { z } from "zod";
import type { Pace } from "../pacing.ts";
import { libraryFormat } from "./export-library.ts";
import { assertCollectionFits, collectionEntry, importedCollection } from "./import-collections.ts";
import {
  historyFields,
  importedHistory,
  type VersionEntry,
  versionEntry,
} from "./import-history.ts";
import {
  fail,
  failTooMany,
  type ImportedPrompt,
  type ImportLimits,
  importedPrompt,
  type ParsedImport,
  type RawPrompt,
} from "./import-rules.ts";
import { type JsonEvent, JsonShapeError, jsonMembers, lineAt } from "./json-members.ts";
import { plainColumns, promptCodec, versionCodec } from "./table-codecs.ts";

const folderEntry = z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() });
const starEntry = z.object({ promptId: z.string() });
/**
 * The fields of a prompt's entry the import's own rules read (table-codecs.ts names them); the
 * columns it writes as they are come from the codec (plainColumns).
 */
const promptEntry = historyFields.extend({
  /** How the "versions" list names the prompt. */
  id: z.string().optional(),
  title: z.string().default(""),
  promptText: z.string(),
  category: z.string().nullable().default(null),
  shared: z.boolean().default(false),
  folderId: z.string().nullable().default(null),
  tags: z.array(z.string()).default([]),
  favourite: z.boolean().default(false),
  createdAt: z.string().optional(),
});

/** Larger than any prompt (200,000 characters, even written as \u escapes) with its details. */
const maxEntryLength = 2_000_000;

/** The file's members that are lists, read an entry at a time. */
const lists = ["folders", "favourites", "prompts", "versions", "collections"];

/**
 * A PromptShelf JSON export (or a hand-made file in its shape), read entry by entry: no part of
 * it is parsed whole, so neither its size nor its nesting can hold the event loop or the stack.
 * Earlier versions are entries of their own in a "versions" list, naming their prompt by its id,
 * so no entry holds more than one prompt text however long a prompt's history.
 */
export async function readJsonImport(
  text: string,
  limits: ImportLimits,
  pace: Pace,
): Promise<ParsedImport> {
  let format: unknown;
  const keys = new Set<string>();
  const folders = new Map<string, z.infer<typeof folderEntry>>();
  const starredIds: string[] = [];
  const entries: (z.infer<typeof promptEntry> & { columns: ImportedPrompt["columns"] })[] = [];
  const versions: VersionEntry[] = [];
  const collectionEntries: z.infer<typeof collectionEntry>[] = [];
  try {
    for await (const event of jsonMembers(text, pace)) {
      if (event.kind === "member") {
        if (keys.has(event.key)) fail("The file", `"${event.key}" appears twice`);
        keys.add(event.key);
        if (!event.isArray && lists.includes(event.key)) {
          fail("The file", `"${event.key}" must be a list`);
        }
        continue;
      }
      if (event.key === "format") format = parsed(text, event);
      else if (event.key === "folders") {
        const folder = entry(folderEntry, parsed(text, event), "The file", "folder");
        folders.set(folder.id, folder);
      } else if (event.key === "favourites") {
        if (starredIds.length === limits.promptsPerImport) {
          failTooMany("stars", limits.promptsPerImport);
        }
        starredIds.push(entry(starEntry, parsed(text, event), "The file", "star").promptId);
      } else if (event.key === "prompts") {
        if (entries.length === limits.promptsPerImport) {
          failTooMany("prompts", limits.promptsPerImport);
        }
        const where = `Prompt ${entries.length + 1}`;
        const value = parsed(text, event);
        entries.push({
          ...entry(promptEntry, value, where, "entry"),
          columns: plainColumns(promptCodec, value, (field, problem) =>
            fail(where, `${field} ${problem}`),
          ),
        });
      } else if (event.key === "versions") {
        const where = `Version entry ${versions.length + 1}`;
        const value = parsed(text, event);
        versions.push({
          ...entry(versionEntry, value, where, "entry"),
          columns: plainColumns(versionCodec, value, (field, problem) =>
            fail(where, `${field} ${problem}`),
          ),
        });
      } else if (event.key === "collections") {
        assertCollectionFits(collectionEntries.length);
        const where = `Collection ${collectionEntries.length + 1}`;
        collectionEntries.push(entry(collectionEntry, parsed(text, event), where, "entry"));
      }
    }
  } catch (error) {
    if (error instanceof JsonShapeError) {
      fail(`Line ${lineAt(text, error.offset)}`, `not valid JSON (${error.message})`);
    }
    throw error;
  }
  if (format !== libraryFormat) fail("The file", "not a PromptShelf export");
  if (!keys.has("prompts")) fail("The file", 'it has no "prompts" list');

  const placeOf = placesById(entries);
  const versionsOf = versionsByPrompt(placeOf, versions);
  const now = new Date();
  const prompts: ParsedImport["prompts"] = [];
  for (const [index, prompt] of entries.entries()) {
    const where = `Prompt ${index + 1}`;
    const raw: RawPrompt = {
      line: index + 1,
      useCase: prompt.category ?? "",
      promptText: prompt.promptText,
      shared: prompt.shared,
      tags: prompt.tags,
      folderPath: folderPathOf(folders, prompt.folderId, limits.folderDepth),
      favourite: prompt.favourite,
      createdAt: prompt.createdAt ?? null,
    };
    prompts.push({
      ...importedPrompt(raw, where, limits, now),
      history: importedHistory(prompt, versionsOf[index] ?? [], where, limits, now),
      columns: prompt.columns,
    });
    await pace();
  }
  const inFile = (id: string) => {
    const place = placeOf.get(id);
    return place === undefined ? undefined : prompts[place];
  };
  const collections = collectionEntries.map((collection, index) =>
    importedCollection(collection, `Collection ${index + 1}`, inFile, now),
  );
  return { format: "PromptShelf JSON", prompts, starredIds, collections };
}

/** Each prompt's place in the file by its id, which the versions and collections name it by. */
function placesById(entries: { id?: string | undefined }[]) {
  const placeOf = new Map<string, number>();
  for (const [index, { id }] of entries.entries()) {
    if (id === undefined) continue;
    const first = placeOf.get(id);
    if (first !== undefined) fail(`Prompt ${index + 1}`, `its id is prompt ${first + 1}'s too`);
    placeOf.set(id, index);
  }
  return placeOf;
}

/** Each prompt's earlier versions, by its place in the file; each version must name one prompt. */
function versionsByPrompt(placeOf: Map<string, number>, versions: VersionEntry[]) {
  const byPlace: VersionEntry[][] = [];
  for (const [index, version] of versions.entries()) {
    const place = placeOf.get(version.promptId);
    if (place === undefined) {
      fail(
        `Version entry ${index + 1}`,
        `its prompt ${JSON.stringify(version.promptId.slice(0, 64))} is not in the file`,
      );
    }
    const list = byPlace[place] ?? [];
    list.push(version);
    byPlace[place] = list;
  }
  return byPlace;
}

/** One entry's text as a value; where it is broken, the line it is broken on. */
export function parsed(text: string, event: Extract<JsonEvent, { text: string }>): unknown {
  if (event.text.length > maxEntryLength) {
    fail(`Line ${lineAt(text, event.offset)}`, "an entry is larger than 2 MB");
  }
  try {
    return JSON.parse(event.text);
  } catch {
    // JSON.parse does not say where; a strict second reading of this entry does. Its nesting is
    // known to be shallow, so that reading cannot run out of stack.
    const errors: ParseError[] = [];
    parseTree(event.text, errors, { allowTrailingComma: false, disallowComments: true });
    return fail(`Line ${lineAt(text, event.offset + (errors[0]?.offset ?? 0))}`, "not valid JSON");
  }
}

function entry<T>(schema: z.ZodType<T>, value: unknown, where: string, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  return fail(where, `${issue?.path.join(".") || what} ${issue?.message}`);
}

/**
 * A folder's names from the top down. The walk up stops one step past the depth limit (the rules
 * then refuse the prompt), so a loop in the file or a chain of thousands costs nothing.
 */
function folderPathOf(
  folders: Map<string, z.infer<typeof folderEntry>>,
  id: string | null,
  depthLimit: number,
) {
  const trail: string[] = [];
  for (
    let folder = id ? folders.get(id) : undefined;
    folder && trail.length <= depthLimit;
    folder = folder.parentId ? folders.get(folder.parentId) : undefined
  ) {
    trail.push(folder.name);
  }
  return trail.reverse();
}
