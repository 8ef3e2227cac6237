import { and, asc, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionItems, prompts } from "../db/schema.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import { assertPromptId, requireViewer, sharedNow } from "../prompts/prompt-access.ts";
import { touch } from "./add-item.ts";
import { requireChangeableCollection } from "./collection-access.ts";
import type { UpdateItemInput } from "./collection-input.ts";
import { itemNotFound } from "./remove-item.ts";

/**
 * Changes an item's note, or moves it to another place in the order as people see it (0 is
 * first; past the end is last). Items whose prompt was withdrawn are not shown, so they keep
 * their places and the move counts only the others; every item is then numbered again, so the
 * order has no gaps or ties. A public collection's new note passes the privacy check first.
 */
export async function updateItem(
  options: { db: Database; viewer: Viewer | null; id: string; promptId: string } & UpdateItemInput,
) {
  const viewer = requireViewer(options.viewer);
  return options.db.transaction(async (tx) => {
    const collection = await requireChangeableCollection(tx, viewer, options.id, true);
    if (collection.isPublic && options.note !== undefined) {
      assertShareable([{ note: options.note }], options.confirm);
    }
    assertPromptId(options.promptId);
    const items = await tx
      .select({
        promptId: collectionItems.promptId,
        position: collectionItems.position,
        shown: sql<boolean>`${sharedNow()}`,
      })
      .from(collectionItems)
      .innerJoin(prompts, eq(prompts.id, collectionItems.promptId))
      .where(eq(collectionItems.collectionId, collection.id))
      .orderBy(asc(collectionItems.position), asc(collectionItems.addedAt));
    const moved = items.find((item) => item.promptId === options.promptId);
    if (!moved?.shown) throw itemNotFound();
    const itemOf = (promptId: string) =>
      and(eq(collectionItems.collectionId, collection.id), eq(collectionItems.promptId, promptId));
    if (options.note !== undefined) {
      await tx.update(collectionItems).set({ note: options.note }).where(itemOf(moved.promptId));
    }
    if (options.position !== undefined) {
      for (const [position, item] of reordered(items, moved, options.position).entries()) {
        if (item.position === position) continue;
        await tx.update(collectionItems).set({ position }).where(itemOf(item.promptId));
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
      .where(itemOf(moved.promptId));
    return item;
  });
}

/** The whole order with `moved` at `position` among the shown items, hidden ones left in place. */
function reordered<T extends { shown: boolean }>(items: T[], moved: T, position: number) {
  const shown = items.filter((item) => item.shown && item !== moved);
  shown.splice(Math.min(position, shown.length), 0, moved);
  let next = 0;
  return items.map((item) => (item.shown ? (shown[next++] as T) : item));
}
