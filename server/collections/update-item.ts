import { and, asc, eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionItems } from "../db/schema.ts";
import { assertPromptId, requireViewer } from "../prompts/prompt-access.ts";
import { touch } from "./add-item.ts";
import { requireChangeableCollection } from "./collection-access.ts";
import type { UpdateItemInput } from "./collection-input.ts";
import { itemNotFound } from "./remove-item.ts";

/**
 * Changes an item's note, or moves it to another place in the order (0 is first; past the end
 * is last): every item is numbered again, so the order never has gaps or ties.
 */
export async function updateItem(
  options: { db: Database; viewer: Viewer | null; id: string; promptId: string } & UpdateItemInput,
) {
  const viewer = requireViewer(options.viewer);
  return options.db.transaction(async (tx) => {
    const collection = await requireChangeableCollection(tx, viewer, options.id, true);
    assertPromptId(options.promptId);
    const items = await tx
      .select({ promptId: collectionItems.promptId, position: collectionItems.position })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, collection.id))
      .orderBy(asc(collectionItems.position), asc(collectionItems.addedAt));
    const at = items.findIndex((item) => item.promptId === options.promptId);
    const moved = items[at];
    if (!moved) throw itemNotFound();
    const thisItem = and(
      eq(collectionItems.collectionId, collection.id),
      eq(collectionItems.promptId, options.promptId),
    );
    if (options.note !== undefined) {
      await tx.update(collectionItems).set({ note: options.note }).where(thisItem);
    }
    if (options.position !== undefined) {
      const order = items.filter((item) => item !== moved);
      order.splice(Math.min(options.position, order.length), 0, moved);
      for (const [position, item] of order.entries()) {
        if (item.position === position) continue;
        await tx
          .update(collectionItems)
          .set({ position })
          .where(
            and(
              eq(collectionItems.collectionId, collection.id),
              eq(collectionItems.promptId, item.promptId),
            ),
          );
      }
    }
    await touch(tx, collection.id);
    const [item] = await tx
      .select({
        promptId: collectionItems.promptId,
        note: collectionItems.note,
        position: collectionItems.position,
      })
      .from(collectionItems)
      .where(thisItem);
    return item;
  });
}
