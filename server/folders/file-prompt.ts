import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { assertOwn, promptOwnership, requireViewer } from "../prompts/prompt-access.ts";
import { requireOwnFolder } from "./folder-access.ts";

/** Puts one of the viewer's prompts in one of their folders, or (null) back at the top. */
export async function filePrompt(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  folderId: string | null;
}) {
  const viewer = requireViewer(options.viewer);
  assertOwn(await promptOwnership(options.db, options.id, viewer), viewer);
  if (options.folderId) await requireOwnFolder(options.db, viewer, options.folderId);
  await options.db
    .update(prompts)
    .set({ folderId: options.folderId })
    .where(eq(prompts.id, options.id));
}
