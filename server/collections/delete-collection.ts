import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collections } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireChangeableCollection } from "./collection-access.ts";

/** Deletes a collection the viewer may change, with its items and stars (never the prompts). */
export async function deleteCollection(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}) {
  const viewer = requireViewer(options.viewer);
  const collection = await requireChangeableCollection(options.db, viewer, options.id);
  await options.db.delete(collections).where(eq(collections.id, collection.id));
}
