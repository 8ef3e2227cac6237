import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { collectionColumns } from "../collections/collection-access.ts";
import { itemsOfEach } from "../collections/collection-view.ts";
import type { Database } from "../db/client.ts";
import {
  collections,
  favourites,
  folders,
  prompts,
  promptTags,
  promptVersions,
  tags,
} from "../db/schema.ts";
import { checkedElsewhere, landed, ownedBy, readableBy } from "../prompts/prompt-access.ts";
import { storedTextHash } from "../prompts/same-text.ts";

const batchSize = 500;

export interface ExportedPrompt {
  id: string;
  title: string;
  promptText: string;
  category: string | null;
  shared: boolean;
  folderId: string | null;
  tags: string[];
  favourite: boolean;
  copyCount: number;
  /** For a saved copy: the original (null once it was removed) and its version the copy took. */
  savedFromId: string | null;
  savedFromVersion: number | null;
  /** The current version: its number, note and the version it restored; its time is updatedAt. */
  version: number;
  versionNote: string | null;
  versionRestoredFrom: number | null;
  createdAt: string;
  updatedAt: string;
}

/** An earlier version of an exported prompt, named by the prompt's id. */
export interface ExportedVersion {
  promptId: string;
  number: number;
  title: string;
  category: string | null;
  promptText: string;
  note: string | null;
  restoredFrom: number | null;
  createdAt: string;
}

/**
 * One of the owner's collections, with its items in order as its page shows them: shared prompts
 * only (the owner's or anyone's), each named by what its public page shows, and the owner's note.
 */
export interface ExportedCollection {
  title: string;
  description: string;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
  items: {
    promptId: string;
    title: string;
    category: string | null;
    /** The prompt's public page, `/p/<short id>-<slug>`. */
    path: string;
    note: string;
  }[];
}

/** The owner's folders, parents before children (none an import still running made). */
export async function ownFolders(db: Database, userId: string) {
  const rows = await db
    .select({
      id: folders.id,
      name: folders.name,
      parentId: folders.parentId,
      createdAt: folders.createdAt,
    })
    .from(folders)
    .where(and(eq(folders.userId, userId), landed(folders.importRunId)))
    .orderBy(asc(folders.createdAt), asc(folders.id));
  // Level by level from the top, each folder once.
  const children = new Map<string | null, typeof rows>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  const ordered = [...(children.get(null) ?? [])];
  for (let next = 0; next < ordered.length; next++) {
    const row = ordered[next];
    if (row) ordered.push(...(children.get(row.id) ?? []));
  }
  return ordered.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Stars the owner gave to other people's prompts (their own are flagged on each prompt). */
export async function starsOnOthers(db: Database, userId: string) {
  const rows = await db
    .select({ promptId: favourites.promptId, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(prompts, eq(prompts.id, favourites.promptId))
    .where(
      and(
        eq(favourites.userId, userId),
        sql`${prompts.userId} is distinct from ${userId}`,
        readableBy({ userId, isAdmin: false }),
      ),
    );
  return rows.map((row) => ({ promptId: row.promptId, createdAt: row.createdAt.toISOString() }));
}

/** The owner's collections, oldest first (at most collectionsPerPerson). */
export async function ownCollections(db: Database, userId: string): Promise<ExportedCollection[]> {
  const rows = await db
    .select(collectionColumns)
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  const items = await itemsOfEach(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    title: row.title,
    description: row.description,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: (items.get(row.id) ?? []).map(({ prompt, path, note }) => ({
      promptId: prompt.id,
      title: prompt.title,
      category: prompt.category,
      path,
      note,
    })),
  }));
}

type Position = { createdAt: Date; id: string } | null;

/**
 * The owner's prompts after a position, oldest first: how the readers below page. Those of an
 * import still running are not the person's yet (ownedBy() in prompt-access.ts).
 */
const ownAfter = (userId: string, after: Position) =>
  and(
    ownedBy({ userId }),
    after
      ? sql`(${prompts.createdAt}, ${prompts.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  );
const oldestFirst = [asc(prompts.createdAt), asc(prompts.id)];

/** The MD5 of each prompt text the person owns, a batch at a time. */
export async function* ownPromptHashes(db: Database, userId: string): AsyncGenerator<string[]> {
  let after: Position = null;
  while (true) {
    const batch = await db
      .select({
        createdAt: prompts.createdAt,
        id: prompts.id,
        hash: storedTextHash,
      })
      .from(prompts)
      .where(ownAfter(userId, after))
      .orderBy(...oldestFirst)
      .limit(batchSize);
    if (batch.length > 0) yield batch.map((row) => row.hash);
    after = batch.at(-1) ?? null;
    if (!after || batch.length < batchSize) return;
  }
}

/** Every prompt the person owns, oldest first, a batch at a time (never the whole library at once). */
export async function* ownPrompts(db: Database, userId: string): AsyncGenerator<ExportedPrompt> {
  let after: Position = null;
  while (true) {
    const batch: (typeof prompts.$inferSelect)[] = await db
      .select()
      .from(prompts)
      .where(ownAfter(userId, after))
      .orderBy(...oldestFirst)
      .limit(batchSize);
    if (batch.length === 0) return;
    const ids = batch.map((row) => row.id);
    const tagRows = await db
      .select({ promptId: promptTags.promptId, name: tags.name })
      .from(promptTags)
      .innerJoin(tags, eq(tags.id, promptTags.tagId))
      .where(inArray(promptTags.promptId, ids))
      .orderBy(asc(sql`lower(${tags.name})`));
    const starred = new Set(
      (
        await db
          .select({ promptId: favourites.promptId })
          .from(favourites)
          .where(and(eq(favourites.userId, userId), inArray(favourites.promptId, ids)))
      ).map((row) => row.promptId),
    );
    for (const row of batch) {
      yield {
        id: row.id,
        title: row.title,
        promptText: row.promptText,
        category: row.category,
        shared: row.isShared,
        folderId: row.folderId,
        tags: tagRows.filter((tag) => tag.promptId === row.id).map((tag) => tag.name),
        favourite: starred.has(row.id),
        copyCount: row.copyCount,
        savedFromId: row.sourcePromptId,
        savedFromVersion: row.sourceVersion,
        version: row.version,
        versionNote: row.versionNote,
        versionRestoredFrom: row.versionRestoredFrom,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    }
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The earlier versions of the prompts given (id and current version, as the prompts were read),
 * oldest first, one prompt at a time: a prompt's history may hold megabytes, a library's far more.
 * A version the prompt gained after it was read is left out, as the prompt was read without it.
 */
export async function* earlierVersions(
  db: Database,
  edited: Map<string, number>,
): AsyncGenerator<ExportedVersion> {
  for (const [promptId, current] of edited) {
    const rows = await db
      .select()
      .from(promptVersions)
      .where(
        and(
          eq(promptVersions.promptId, promptId),
          lt(promptVersions.number, current),
          // A purged version has nothing left to export; the file leaves it out, as one merged away.
          isNull(promptVersions.purgedAt),
          // Versions of the person's own prompts, as ownPrompts read them.
          checkedElsewhere("chosen-by-the-rule"),
        ),
      )
      .orderBy(asc(promptVersions.number));
    for (const row of rows) {
      yield {
        promptId,
        number: row.number,
        title: row.title,
        category: row.category,
        promptText: row.promptText,
        note: row.note,
        restoredFrom: row.restoredFrom,
        createdAt: row.createdAt.toISOString(),
      };
    }
  }
}
