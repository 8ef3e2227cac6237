import { and, eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionItems } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertPromptId, requireViewer } from "../prompts/prompt-access.ts";
import { touch } from "./add-item.ts";
import { requireChangeableCollection } from "./collection-access.ts";

/** Takes a prompt out of a collection the viewer may change (the prompt itself stays). */
export async function removeItem(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  promptId: string;
}) {
  const viewer = requireViewer(options.viewer);
  await options.db.transaction(async (tx) => {
    const collection = await requireChangeableCollection(tx, viewer, options.id, true);
    assertPromptId(options.promptId);
    const removed = await tx
      .delete(collectionItems)
      .where(
        and(
          eq(collectionItems.collectionId, collection.id),
          eq(collectionItems.promptId, options.promptId),
        ),
      )
      .returning({ promptId: collectionItems.promptId });
    if (removed.length === 0) throw itemNotFound();
    await touch(tx, collection.id);
  });
}

export function itemNotFound() {
  return new AppError(
    "not_found",
    "That prompt is not in this collection",
    "collection_item_not_found",
  );
}
