import { eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { folders } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { assertNameFree, requireOwnFolder } from "./folder-access.ts";
import type { UpdateFolderInput } from "./folder-input.ts";

/** Renames a folder, or moves it under another of the viewer's folders (never under itself). */
export async function updateFolder(
  options: { db: Database; viewer: Viewer | null; id: string } & UpdateFolderInput,
) {
  const viewer = requireViewer(options.viewer);
  const folder = await requireOwnFolder(options.db, viewer, options.id);
  const parentId = options.parentId === undefined ? folder.parentId : options.parentId;
  if (options.parentId) {
    await requireOwnFolder(options.db, viewer, options.parentId);
    const below = await options.db.execute<{ id: string }>(sql`
      with recursive tree as (
        select ${folders.id} as id from ${folders} where ${folders.id} = ${options.id}
        union all
        select f.id from ${folders} f join tree on f.parent_id = tree.id
      ) select id from tree where id = ${options.parentId}`);
    if (rowsOf(below).length > 0) {
      throw new AppError("invalid_input", "A folder cannot move inside itself");
    }
  }
  const name = options.name ?? folder.name;
  await assertNameFree(options.db, viewer, name, parentId, options.id);
  await options.db.update(folders).set({ name, parentId }).where(eq(folders.id, options.id));
  return { id: options.id, name, parentId };
}
