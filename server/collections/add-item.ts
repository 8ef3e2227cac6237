import { eq, max, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionItems, collections } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import { assertPromptId, requireViewer } from "../prompts/prompt-access.ts";
import { promptsToCollect, requireChangeableCollection } from "./collection-access.ts";

/**
 * Adds a shared prompt (the viewer's own or anyone's) at the end of a collection the viewer may
 * change. A personal prompt is refused, even the viewer's own: a collection is for what anyone
 * may read. One the viewer cannot see is "not found". A public collection's note passes the
 * privacy check first.
 */
export async function addItem(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  promptId: string;
  note: string;
  confirm?: boolean | undefined;
}) {
  const viewer = requireViewer(options.viewer);
  return options.db.transaction(async (tx) => {
    const collection = await requireChangeableCollection(tx, viewer, options.id, true);
    if (collection.isPublic) assertShareable([{ note: options.note }], options.confirm);
    assertPromptId(options.promptId);
    const collectable = (await promptsToCollect(tx, viewer, [options.promptId])).get(
      options.promptId,
    );
    if (collectable === undefined) {
      throw new AppError("not_found", "Prompt not found", "prompt_not_found");
    }
    if (!collectable) {
      throw new AppError(
        "invalid_input",
        "Only shared prompts can go into a collection",
        "prompt_not_shared",
      );
    }
    const [last] = await tx
      .select({ position: max(collectionItems.position) })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, collection.id));
    // One past itemsPerCollection is refused by the database (drizzle/0017): 413 collection_full.
    const [item] = await tx
      .insert(collectionItems)
      .values({
        collectionId: collection.id,
        promptId: options.promptId,
        note: options.note,
        position: (last?.position ?? -1) + 1,
      })
      .onConflictDoNothing()
      .returning({ promptId: collectionItems.promptId, note: collectionItems.note });
    if (!item) {
      throw new AppError(
        "invalid_input",
        "This prompt is already in the collection",
        "prompt_already_in_collection",
      );
    }
    await touch(tx, collection.id);
    return item;
  });
}

/** The collection changed: its page's and the sitemap's "last modified". */
export async function touch(db: Pick<Database, "update">, id: string) {
  await db.update(collections).set({ updatedAt: sql`now()` }).where(eq(collections.id, id));
}
