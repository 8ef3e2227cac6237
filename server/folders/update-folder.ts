import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { folders } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { assertNameFree, requireOwnFolder } from "./folder-access.ts";
import type { UpdateFolderInput } from "./folder-input.ts";

/**
 * Renames a folder, or moves it under another of the viewer's folders. The database refuses a
 * move inside itself or deeper than the folder depth limit, one change to a person's folders at
 * a time, so two moves at once cannot make a loop (drizzle/0010_library-limits.sql).
 */
export async function updateFolder(
  options: { db: Database; viewer: Viewer | null; id: string } & UpdateFolderInput,
) {
  const viewer = requireViewer(options.viewer);
  const folder = await requireOwnFolder(options.db, viewer, options.id);
  const parentId = options.parentId === undefined ? folder.parentId : options.parentId;
  if (options.parentId) await requireOwnFolder(options.db, viewer, options.parentId);
  const name = options.name ?? folder.name;
  await assertNameFree(options.db, viewer, name, parentId, options.id);
  await options.db.update(folders).set({ name, parentId }).where(eq(folders.id, options.id));
  return { id: options.id, name, parentId };
}
