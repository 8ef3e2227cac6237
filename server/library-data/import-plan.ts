import { eq, sql } from "drizzle-orm";
import { titleAndCategory } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { refusalOf } from "../db/limit-refusals.ts";
import { rowsOf } from "../db/rows.ts";
import { tags } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Pace } from "../pacing.ts";
import { textHash } from "../prompts/same-text.ts";
import { folderPathSeparator, folderPaths } from "./export-library.ts";
import {
  type CollectionsReport,
  type ImportedCollection,
  planCollections,
} from "./import-collections.ts";
import type { ImportedPrompt, ParsedImport } from "./import-rules.ts";
import { ownFolders, ownPromptHashes } from "./library-rows.ts";
import { teamPromptHashes } from "./team-rows.ts";

export interface ImportReport extends CollectionsReport {
  format: string;
  inFile: number;
  added: number;
  /** Prompts whose text the file already held further up: skipped. */
  repeatedInFile: number;
  /** Prompts whose text the library already holds (each once, its repeats counted above): skipped. */
  alreadyInLibrary: number;
  /** Both of those together (kept for the clients that read it, such as scripts/seed.ts). */
  duplicates: number;
  newFolders: number;
  /** A zip of Agent Skills: the files beside each SKILL.md (scripts, references, assets), left out. */
  skillFilesLeftOut: number;
  sample: string[];
  dryRun: boolean;
}

export interface ImportPlan {
  /** The prompts to add: the file's, less those the library or the file already had. */
  fresh: ImportedPrompt[];
  /** Folders the person has, by path ("Work / Clients"). */
  folderIds: Map<string, string>;
  /** Folders to make, by path, a level at a time from the top (depth 0). */
  newFolders: { path: string; parent: string | null; name: string; depth: number }[];
  /** Tags to make, as first written in the file. */
  newTags: string[];
  /** Each of the file's tags by the name the database compares tags by (its own `lower()`). */
  tagKeys: Map<string, string>;
  /** The file's collections to make: those whose title none of the person's has. */
  collections: ImportedCollection[];
  report: Omit<ImportReport, "dryRun">;
}

/**
 * What an import would add, and whether it fits: prompts whose text the library already holds,
 * or the file held earlier, are skipped and counted; what is left, with the folders and tags it
 * needs, must fit in the person's library limits, or nothing is written.
 *
 * Into a team (`teamId`, checked by the caller): the library is the team's, so a text the team
 * holds is the one skipped, and the prompts count toward the team's library limits. A team's prompts have no folders, tags or pins of their own yet, and
 * stars and collections are a person's own, so the file's are left out: none is made
 * (`newFolders` and `newCollections` are 0).
 */
export async function planImport(
  db: Database,
  viewer: Viewer,
  parsed: ParsedImport,
  pace: Pace,
  teamId?: string,
): Promise<ImportPlan> {
  const inLibrary = new Set<string>();
  const held = teamId ? teamPromptHashes(db, viewer, teamId) : ownPromptHashes(db, viewer.userId);
  for await (const hashes of held) {
    for (const hash of hashes) inLibrary.add(hash);
    await pace();
  }
  // A prompt repeats one further up when its text as stored, or as the file wrote it, matches.
  // A repeat is counted as one whatever the library holds, so importing the same file again
  // reports the same repeats, and only its distinct prompts move to "already in your library".
  const storedAbove = new Set<string>();
  const writtenAbove = new Set<string>();
  const fresh: ImportedPrompt[] = [];
  let alreadyInLibrary = 0;
  let repeatedInFile = 0;
  for (const prompt of parsed.prompts) {
    const stored = textHash(prompt.promptText);
    const original = textHash(prompt.fileText);
    if (storedAbove.has(stored) || writtenAbove.has(original)) repeatedInFile++;
    else if (inLibrary.has(stored)) alreadyInLibrary++;
    else fresh.push(teamId ? forTeam(prompt) : prompt);
    storedAbove.add(stored);
    writtenAbove.add(original);
    await pace();
  }

  const folderIds = teamId
    ? new Map<string, string>()
    : new Map(
        [...folderPaths(await ownFolders(db, viewer.userId)).entries()].map(([id, path]) => [
          path,
          id,
        ]),
      );
  const newFolders = foldersToMake(fresh, folderIds);
  const { newTags, tagKeys } = await tagsToMake(db, viewer, fresh);
  const collections = await planCollections(
    db,
    viewer,
    teamId ? [] : (parsed.collections ?? []),
    fresh,
  );
  await assertRoom(
    db,
    viewer,
    {
      prompts: fresh.length,
      bytes: fresh.reduce((sum, prompt) => sum + Buffer.byteLength(prompt.promptText, "utf8"), 0),
      folders: newFolders.length,
      tags: newTags.length,
      collections: collections.make.length,
    },
    teamId,
  );
  return {
    fresh,
    folderIds,
    newFolders,
    newTags,
    tagKeys,
    collections: collections.make,
    report: {
      format: parsed.format,
      inFile: parsed.prompts.length,
      added: fresh.length,
      repeatedInFile,
      alreadyInLibrary,
      duplicates: repeatedInFile + alreadyInLibrary,
      newFolders: newFolders.length,
      skillFilesLeftOut: parsed.skillFilesLeftOut ?? 0,
      sample: fresh.slice(0, 5).map((prompt) => titleAndCategory(prompt.useCase).title),
      ...collections.report,
    },
  };
}

/** A prompt of the file as a team's: no folder, tags, star or pin, which are a person's own. */
function forTeam(prompt: ImportedPrompt): ImportedPrompt {
  const { pinnedAt: _pin, ...columns } = prompt.columns ?? {};
  return { ...prompt, folderPath: [], tags: [], favourite: false, columns };
}

export function pathKey(names: string[]) {
  return names.join(folderPathSeparator);
}

/** Every folder path the prompts use that the library lacks, each once, parents first. */
function foldersToMake(fresh: ImportedPrompt[], existing: Map<string, string>) {
  const wanted = new Map<string, string[]>();
  for (const prompt of fresh) {
    if (prompt.folderPath.length) wanted.set(pathKey(prompt.folderPath), prompt.folderPath);
  }
  const made = new Map<
    string,
    { path: string; parent: string | null; name: string; depth: number }
  >();
  for (const names of wanted.values()) {
    let parent: string | null = null;
    for (const [index, name] of names.entries()) {
      const path: string = parent === null ? name : `${parent}${folderPathSeparator}${name}`;
      if (!existing.has(path) && !made.has(path)) {
        made.set(path, { path, parent, name, depth: index });
      }
      parent = path;
    }
  }
  return [...made.values()].sort((a, b) => a.depth - b.depth);
}

/**
 * The file's tags the person does not have yet. Names compare regardless of case as the database
 * compares them (its `lower()`, which the unique index uses): JavaScript's lower-casing differs
 * for some letters (a final sigma, a dotted capital I), so the database lower-cases them all.
 */
async function tagsToMake(db: Database, viewer: Viewer, fresh: ImportedPrompt[]) {
  const names = [...new Set(fresh.flatMap((prompt) => prompt.tags))];
  const tagKeys = new Map(
    rowsOf<{ name: string; key: string }>(
      await db.execute(
        sql`select value as name, lower(value) as key from json_array_elements_text(${JSON.stringify(names)}::json)`,
      ),
    ).map((row) => [row.name, row.key]),
  );
  const have = new Set(
    (
      await db
        .select({ name: sql<string>`lower(${tags.name})` })
        .from(tags)
        .where(eq(tags.userId, viewer.userId))
    ).map((row) => row.name),
  );
  const wanted = new Map<string, string>();
  for (const name of names) {
    const key = tagKeys.get(name) ?? name;
    if (!have.has(key) && !wanted.has(key)) wanted.set(key, name);
  }
  return { newTags: [...wanted.values()], tagKeys };
}

/**
 * Refuses an import that would take the library past a limit, before anything is written. The
 * limits are the database connection's (the ones its triggers enforce), so they are one rule.
 */
async function assertRoom(
  db: Database,
  viewer: Viewer,
  adding: { prompts: number; bytes: number; folders: number; tags: number; collections: number },
  teamId: string | undefined,
) {
  if (teamId) return assertTeamRoom(db, teamId, adding);
  const [room] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select u.prompts, u.prompt_bytes, u.folders, u.tags,
        (select count(*) from collections c where c.user_id = u.user_id) as collections,
        library_limit('prompts_per_person') as prompt_limit,
        library_limit('library_bytes_per_person') as byte_limit,
        library_limit('folders_per_person') as folder_limit,
        library_limit('tags_per_person') as tag_limit,
        library_limit('collections_per_person') as collection_limit
      from library_usage u where u.user_id = ${viewer.userId}`),
  );
  if (!room) return;
  const checks = [
    ["PS001", room.prompts, adding.prompts, room.prompt_limit],
    ["PS002", room.prompt_bytes, adding.bytes, room.byte_limit],
    ["PS003", room.folders, adding.folders, room.folder_limit],
    ["PS004", room.tags, adding.tags, room.tag_limit],
    ["PS009", room.collections, adding.collections, room.collection_limit],
  ] as const;
  refuseBeyond(checks);
}

/** The same for an import into a team: its prompts count toward the team's library. */
async function assertTeamRoom(
  db: Database,
  teamId: string,
  adding: { prompts: number; bytes: number },
) {
  const [room] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select u.prompts, u.prompt_bytes,
        library_limit('prompts_per_person') as prompt_limit,
        library_limit('library_bytes_per_person') as byte_limit
      from team_usage u where u.team_id = ${teamId}`),
  );
  if (!room) return;
  refuseBeyond([
    ["PS018", room.prompts, adding.prompts, room.prompt_limit],
    ["PS019", room.prompt_bytes, adding.bytes, room.byte_limit],
  ]);
}

function refuseBeyond(
  checks: readonly (readonly [
    Parameters<typeof refusalOf>[0],
    string | number | null | undefined,
    number,
    string | number | null | undefined,
  ])[],
) {
  for (const [code, used, added, limit] of checks) {
    if (
      limit !== null &&
      limit !== undefined &&
      added > 0 &&
      Number(used) + added > Number(limit)
    ) {
      const refusal = refusalOf(code, Number(limit));
      throw new AppError(refusal.code, refusal.message, refusal.detail);
    }
  }
}
