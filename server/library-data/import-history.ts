import { z } from "zod";
import type { promptVersions } from "../db/schema.ts";
import { versionNote } from "../prompts/prompt-input.ts";
import { isUuid } from "../uuid.ts";
import { fail, type ImportLimits, importDate, importedContent } from "./import-rules.ts";

/** An earlier version of an imported prompt, as it will be kept. */
export interface ImportedVersion {
  number: number;
  useCase: string;
  promptText: string;
  note: string | null;
  restoredFrom: number | null;
  createdAt: Date;
  /** The version's columns the file gives as they are (table-codecs.ts). */
  columns: Partial<typeof promptVersions.$inferInsert>;
}

/** What a PromptShelf JSON file says of a prompt beyond its content: its versions and origin. */
export interface ImportedHistory {
  /** The current version: its number, note and the version it restored. */
  version: number;
  note: string | null;
  restoredFrom: number | null;
  /** The current version's time; without it, the prompt's creation. */
  updatedAt: Date | null;
  /** Earlier versions, oldest first. */
  earlier: ImportedVersion[];
  /**
   * For a saved copy: its original (null once removed, or if the file names none PromptShelf
   * could have) and the original's version the copy took.
   */
  savedFrom: { id: string | null; version: number } | null;
}

/** A version's number: a whole number from 1 that fits the database's integer. */
const versionNumber = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** A prompt's own fields about its current version and its original, in a JSON file. */
export const historyFields = z.object({
  version: versionNumber.default(1),
  versionNote: z.string().nullable().default(null),
  versionRestoredFrom: versionNumber.nullable().default(null),
  updatedAt: z.string().optional(),
  savedFromId: z.string().nullable().default(null),
  savedFromVersion: versionNumber.nullable().default(null),
});

/**
 * One entry of a JSON file's "versions" list: an earlier version of the file's prompt with that
 * id. Like a prompt's, its title is not read: it comes from the use case (category).
 */
export const versionEntry = z.object({
  promptId: z.string(),
  number: versionNumber,
  category: z.string().nullable().default(null),
  promptText: z.string(),
  note: z.string().nullable().default(null),
  restoredFrom: versionNumber.nullable().default(null),
  createdAt: z.string(),
});

/** A version entry, with the columns the import writes as they are (table-codecs.ts). */
export type VersionEntry = z.infer<typeof versionEntry> & { columns: ImportedVersion["columns"] };

/**
 * A prompt's history as an edit would have left it: earlier versions numbered below the current
 * one, each once, no more of them than a prompt keeps; each with content a prompt may have, a
 * note an edit may carry, a restore of an earlier version and a date; the same of the current
 * version. Anything else stops the import, naming the prompt and the version.
 */
export function importedHistory(
  prompt: z.infer<typeof historyFields>,
  versions: VersionEntry[],
  where: string,
  limits: ImportLimits,
  now: Date,
): ImportedHistory {
  if (versions.length >= limits.versionsPerPrompt) {
    fail(
      where,
      `it has ${versions.length + 1} versions, and a prompt keeps at most ${limits.versionsPerPrompt}`,
    );
  }
  const numbers = new Set<number>();
  const earlier = versions.map((version): ImportedVersion => {
    const at = `${where}, version ${version.number}`;
    if (version.number >= prompt.version) {
      fail(at, `it is not earlier than the current version, ${prompt.version}`);
    }
    if (numbers.has(version.number)) fail(at, "it appears twice");
    numbers.add(version.number);
    return {
      number: version.number,
      ...importedContent(version.category ?? "", version.promptText, at),
      note: noteOf(version.note, at),
      restoredFrom: restoredOf(version.restoredFrom, version.number, at),
      createdAt: importDate(version.createdAt, at, now) ?? fail(at, "it has no date"),
      columns: version.columns,
    };
  });
  // A file from before versions names a copy's original alone: the copy took its version 1,
  // as drizzle/0014 says of copies saved before versions existed.
  const savedFromVersion = prompt.savedFromVersion ?? (prompt.savedFromId === null ? null : 1);
  return {
    version: prompt.version,
    note: noteOf(prompt.versionNote, where),
    restoredFrom: restoredOf(prompt.versionRestoredFrom, prompt.version, where),
    updatedAt: importDate(prompt.updatedAt ?? null, where, now),
    earlier: earlier.sort((a, b) => a.number - b.number),
    savedFrom:
      savedFromVersion === null
        ? null
        : {
            // An id that is not a UUID names no prompt: the original is as good as removed.
            id:
              prompt.savedFromId !== null && isUuid(prompt.savedFromId) ? prompt.savedFromId : null,
            version: savedFromVersion,
          },
  };
}

/** A note as an edit takes it (trimmed, at most 200 characters); an empty one is none. */
function noteOf(note: string | null, where: string) {
  if (note === null) return null;
  const parsed = versionNote.safeParse(note);
  if (!parsed.success) fail(where, `the note: ${parsed.error.issues[0]?.message}`);
  return parsed.data ?? null;
}

/** A restore brings back a version before the one it makes. */
function restoredOf(restoredFrom: number | null, number: number, where: string) {
  if (restoredFrom !== null && restoredFrom >= number) {
    fail(where, `it restores version ${restoredFrom}, which is not an earlier one`);
  }
  return restoredFrom;
}
