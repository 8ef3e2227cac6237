import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { folders } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { assertNameFree, requireOwnFolder } from "./folder-access.ts";
import type { CreateFolderInput } from "./folder-input.ts";

/** A new folder at the top of the library or inside one of the viewer's folders. */
export async function createFolder(
  options: { db: Database; viewer: Viewer | null } & CreateFolderInput,
) {
  const viewer = requireViewer(options.viewer);
  if (options.parentId) await requireOwnFolder(options.db, viewer, options.parentId);
  await assertNameFree(options.db, viewer, options.name, options.parentId);
  const [folder] = await options.db
    .insert(folders)
    .values({ userId: viewer.userId, parentId: options.parentId, name: options.name })
    .returning({ id: folders.id, name: folders.name, parentId: folders.parentId });
  if (!folder) throw new Error("insert returned no row");
  return { ...folder, promptCount: 0 };
}
