import { and, asc, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionItems, collections, prompts } from "../db/schema.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import { requireViewer, sharedNow } from "../prompts/prompt-access.ts";
import { requireChangeableCollection } from "./collection-access.ts";
import type { UpdateCollectionInput } from "./collection-input.ts";
import { summaryOf } from "./collection-view.ts";

/**
 * Renames, re-describes, or makes public or private a collection the viewer may change. What a
 * public collection will show passes the privacy check first: the changed title or description,
 * and all of it, item notes too, when a private one is made public.
 */
export async function updateCollection(
  options: { db: Database; viewer: Viewer | null; id: string } & UpdateCollectionInput,
) {
  const viewer = requireViewer(options.viewer);
  const collection = await requireChangeableCollection(options.db, viewer, options.id);
  if (options.isPublic ?? collection.isPublic) {
    const changed = { title: options.title, description: options.description };
    assertShareable(
      collection.isPublic
        ? [changed]
        : [
            {
              title: options.title ?? collection.title,
              description: options.description ?? collection.description,
            },
            ...(await itemNotes(options.db, collection.id)),
          ],
      options.confirm,
    );
  }
  await options.db
    .update(collections)
    .set({
      title: options.title,
      description: options.description,
      isPublic: options.isPublic,
      updatedAt: sql`now()`,
    })
    .where(eq(collections.id, collection.id));
  return summaryOf(options.db, collection.id);
}

/**
 * Each note a public collection shows (its shared prompts' items), named by its prompt's title,
 * as the privacy check reports them.
 */
async function itemNotes(db: Database, id: string) {
  const rows = await db
    .select({ note: collectionItems.note, title: prompts.title })
    .from(collectionItems)
    .innerJoin(prompts, eq(prompts.id, collectionItems.promptId))
    .where(and(eq(collectionItems.collectionId, id), sharedNow()))
    .orderBy(asc(collectionItems.position));
  return rows.map((row) => ({ note: row.note, entry: `Note on ${row.title}` }));
}
