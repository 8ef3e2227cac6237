import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { folders, prompts } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireOwnFolder } from "./folder-access.ts";

/**
 * Deletes a folder. "move" hands its prompts and subfolders to its parent (or the top of the
 * library); "delete" removes its whole subtree with every prompt filed in it. The walk of the
 * subtree keeps each folder once (union), so it ends even on a tree that loops.
 */
export async function deleteFolder(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  prompts: "move" | "delete";
}) {
  const viewer = requireViewer(options.viewer);
  await options.db.transaction(async (tx) => {
    const folder = await requireOwnFolder(tx, viewer, options.id);
    if (options.prompts === "move") {
      await tx
        .update(prompts)
        .set({ folderId: folder.parentId })
        .where(eq(prompts.folderId, folder.id));
      await tx
        .update(folders)
        .set({ parentId: folder.parentId })
        .where(eq(folders.parentId, folder.id));
    } else {
      await tx.delete(prompts).where(
        and(
          eq(prompts.userId, viewer.userId),
          sql`${prompts.folderId} in (
            with recursive tree as (
              select ${folders.id} as id from ${folders} where ${folders.id} = ${folder.id}
              union
              select f.id from ${folders} f join tree on f.parent_id = tree.id
            ) select id from tree)`,
        ),
      );
    }
    await tx.delete(folders).where(eq(folders.id, folder.id));
  });
}
