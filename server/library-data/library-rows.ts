import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
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
import {
  collectionCodec,
  exportEntry,
  itemCodec,
  promptCodec,
  starCodec,
  versionCodec,
} from "./table-codecs.ts";

const batchSize = 500;

/**
 * What the other exports (CSV, Markdown, prompt files) read of a prompt's JSON entry. The entry
 * holds every exported column of prompts, as table-codecs.ts declares them, with its tags and star.
 */
export interface ExportedPrompt {
  id: string;
  title: string;
  /** What the prompt is for; null when none was given (absent from a file before version 7). */
  description?: string | null;
  promptText: string;
  category: string | null;
  shared: boolean;
  folderId: string | null;
  tags: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * One of the owner's collections, with its items in order as its page shows them: shared prompts
 * only (the owner's or anyone's), each named by what its public page shows, and the owner's note.
 */
export type ExportedCollection = Record<string, unknown>;

/** The owner's folders, parents before children (none an import still running made). */
export async function ownFolders(db: Database, userId: string) {
  const rows = await db
    .select()
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
  return ordered;
}

/** Stars the owner gave to other people's prompts (their own are flagged on each prompt). */
export async function starsOnOthers(db: Database, userId: string) {
  const rows = await db
    .select({ star: favourites })
    .from(favourites)
    .innerJoin(prompts, eq(prompts.id, favourites.promptId))
    .where(
      and(
        eq(favourites.userId, userId),
        sql`${prompts.userId} is distinct from ${userId}`,
        readableBy({ userId, isAdmin: false }),
      ),
    );
  return rows.map((row) => exportEntry(starCodec, row.star));
}

/** The owner's collections, oldest first (at most collectionsPerPerson). */
export async function ownCollections(db: Database, userId: string): Promise<ExportedCollection[]> {
  const rows = await db
    .select()
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  const items = await itemsOfEach(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    exportEntry(collectionCodec, row, {
      items: (items.get(row.id) ?? []).map(({ prompt, path, note }) =>
        exportEntry(
          itemCodec,
          { promptId: prompt.id, note },
          { title: prompt.title, category: prompt.category, path },
        ),
      ),
    }),
  );
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
export async function* ownPrompts(
  db: Database,
  userId: string,
): AsyncGenerator<ExportedPrompt & Record<string, unknown>> {
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
      yield exportEntry(promptCodec, row, {
        tags: tagRows.filter((tag) => tag.promptId === row.id).map((tag) => tag.name),
        favourite: starred.has(row.id),
      }) as ExportedPrompt & Record<string, unknown>;
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
): AsyncGenerator<Record<string, unknown>> {
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
    for (const row of rows) yield exportEntry(versionCodec, row);
  }
}
