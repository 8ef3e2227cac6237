import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collections, prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { readableBy } from "../prompts/prompt-access.ts";
import { isUuid } from "../uuid.ts";

/**
 * Who may do what with collections, in one place:
 * - a public collection is seen by everyone (its page by visitors too), a private one only by
 *   its owner and administrators; to anyone else it is "not found", so its existence never leaks;
 * - owners change and delete their own collections and their items; administrators any;
 * - anyone signed in who can see a collection stars it and saves it to their library;
 * - only shared prompts go into a collection (`promptsToCollect` below), whoever adds them: a
 *   person by hand (add-item.ts) or an import (server/library-data/import-collections.ts).
 */

/** A collection as the rules and the views read it. */
export interface CollectionRow {
  id: string;
  userId: string;
  title: string;
  description: string;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const collectionColumns = {
  id: collections.id,
  userId: collections.userId,
  title: collections.title,
  description: collections.description,
  isPublic: collections.isPublic,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};

function canSee(collection: CollectionRow, viewer: Viewer | null) {
  return collection.isPublic || viewer?.isAdmin === true || collection.userId === viewer?.userId;
}

/** The collection, if the viewer can see it; else not found. */
export async function requireVisibleCollection(
  db: Pick<Database, "select">,
  viewer: Viewer,
  id: string,
): Promise<CollectionRow> {
  const collection = await findCollection(db, id);
  if (!collection || !canSee(collection, viewer)) throw collectionNotFound();
  return collection;
}

/**
 * The collection, if the viewer may change it; one they can see but not change is forbidden.
 * Inside a transaction, `lock` holds it until commit, so two writes to its items take turns
 * (the item limit and the order stay whole).
 */
export async function requireChangeableCollection(
  db: Pick<Database, "select" | "execute">,
  viewer: Viewer,
  id: string,
  lock = false,
): Promise<CollectionRow> {
  if (lock && isUuid(id)) {
    await db.execute(sql`select 1 from ${collections} where ${collections.id} = ${id} for update`);
  }
  const collection = await requireVisibleCollection(db, viewer, id);
  if (collection.userId !== viewer.userId && !viewer.isAdmin) {
    throw new AppError(
      "forbidden",
      "You can only change your own collections",
      "collection_not_own",
    );
  }
  return collection;
}

/**
 * Of these prompts, each one the viewer can see, with whether it may go into a collection: a
 * shared one may (the viewer's own or anyone's), a personal one never, even the viewer's own.
 * One they cannot see, or an id that names no prompt, is missing: to them it is not found.
 */
export async function promptsToCollect(
  db: Pick<Database, "select">,
  viewer: Viewer,
  ids: string[],
): Promise<Map<string, boolean>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: prompts.id, isShared: prompts.isShared })
    .from(prompts)
    .where(and(inArray(prompts.id, wanted), readableBy(viewer)));
  return new Map(rows.map((row) => [row.id, row.isShared]));
}

async function findCollection(db: Pick<Database, "select">, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(collectionColumns).from(collections).where(eq(collections.id, id));
  return row;
}

function collectionNotFound() {
  return new AppError("not_found", "Collection not found", "collection_not_found");
}
