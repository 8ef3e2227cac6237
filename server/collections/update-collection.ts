import { eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collections } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireChangeableCollection } from "./collection-access.ts";
import type { UpdateCollectionInput } from "./collection-input.ts";
import { summaryOf } from "./collection-view.ts";

/** Renames, re-describes, or makes public or private a collection the viewer may change. */
export async function updateCollection(
  options: { db: Database; viewer: Viewer | null; id: string } & UpdateCollectionInput,
) {
  const viewer = requireViewer(options.viewer);
  const collection = await requireChangeableCollection(options.db, viewer, options.id);
  await options.db
    .update(collections)
    .set({
      title: options.title,
      description: options.description,
      isPublic: options.isPublic,
      updatedAt: sql`now()`,
    })
    .where(eq(collections.id, collection.id));
  return summaryOf(options.db, collection.id);
}
