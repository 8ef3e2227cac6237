import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CollectionItem, CollectionSummary } from "../../shared/collection.ts";
import { collectionPath, promptPath } from "../../shared/public-address.ts";
import type { Database } from "../db/client.ts";
import { collectionItems, collections, profiles, prompts, users } from "../db/schema.ts";
import { toPublicPrompt } from "../prompts/list-public-prompts.ts";
import { sharedNow } from "../prompts/prompt-access.ts";
import { profileColumns, publicCreator, selectPrompts } from "../prompts/prompt-view.ts";
import { type CollectionRow, collectionColumns } from "./collection-access.ts";

/**
 * How collections are read for people: items whose prompt was withdrawn (made personal again)
 * are neither shown nor counted; deleted prompts take their items with them.
 */
// Written out with their tables named: Drizzle leaves columns unqualified when a query reads
// one table, and inside these subqueries "id" would then be the item's prompt, not the collection.
// (A condition built apart, as sharedNow is, keeps its columns qualified.)
const itemPrompt = alias(prompts, "p");
const itemCount =
  sql<number>`(select count(*) from collection_items i join prompts p on p.id = i.prompt_id where i.collection_id = "collections"."id" and ${sharedNow(itemPrompt)})`.mapWith(
    Number,
  );

const starCount =
  sql<number>`(select count(*) from collection_stars s where s.collection_id = "collections"."id")`.mapWith(
    Number,
  );

/** SELECT ... FROM collections with the counts a summary shows. */
export function selectSummaries(db: Pick<Database, "select">) {
  return db.select({ ...collectionColumns, itemCount, starCount }).from(collections);
}

export function toSummary(
  row: CollectionRow & { itemCount: number; starCount: number },
): CollectionSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    isPublic: row.isPublic,
    itemCount: row.itemCount,
    starCount: row.starCount,
    path: collectionPath(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One collection's summary, read again after a change. */
export async function summaryOf(db: Pick<Database, "select">, id: string) {
  const [row] = await selectSummaries(db).where(eq(collections.id, id));
  if (!row) throw new Error("collection vanished");
  return toSummary(row);
}

/** The shown items in their order, each with its prompt as anyone may read it. */
export async function itemsOf(db: Database, collectionId: string): Promise<CollectionItem[]> {
  return (await itemsOfEach(db, [collectionId])).get(collectionId) ?? [];
}

/** The same for several collections at once, by collection: two statements whatever their number. */
export async function itemsOfEach(
  db: Database,
  collectionIds: string[],
): Promise<Map<string, CollectionItem[]>> {
  const byCollection = new Map<string, CollectionItem[]>();
  if (collectionIds.length === 0) return byCollection;
  const rows = await db
    .select({
      collectionId: collectionItems.collectionId,
      promptId: collectionItems.promptId,
      note: collectionItems.note,
    })
    .from(collectionItems)
    .innerJoin(prompts, eq(prompts.id, collectionItems.promptId))
    .where(and(inArray(collectionItems.collectionId, collectionIds), sharedNow()))
    .orderBy(asc(collectionItems.position), asc(collectionItems.addedAt));
  if (rows.length === 0) return byCollection;
  const promptRows = await selectPrompts(db, null).where(
    and(inArray(prompts.id, [...new Set(rows.map((row) => row.promptId))]), sharedNow()),
  );
  const byId = new Map(promptRows.map((row) => [row.id, toPublicPrompt(row)]));
  for (const row of rows) {
    const prompt = byId.get(row.promptId);
    if (!prompt) continue;
    const items = byCollection.get(row.collectionId) ?? [];
    items.push({ prompt, note: row.note, path: promptPath(prompt) });
    byCollection.set(row.collectionId, items);
  }
  return byCollection;
}

/** The collection's creator as a public page names them (publicCreator). */
export async function ownerOf(db: Pick<Database, "select">, userId: string) {
  const [row] = await db
    .select({
      ownerName: users.name,
      ownerEmail: users.email,
      ownerUsername: profiles.username,
      ...profileColumns,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return { id: userId, ...publicCreator(row ?? emptyOwner) };
}

const emptyOwner = {
  ownerName: null,
  ownerEmail: null,
  ownerUsername: null,
  profileHandle: null,
  profileName: null,
  profileIsPublic: null,
};
