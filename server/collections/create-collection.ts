import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collections } from "../db/schema.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import type { CreateCollectionInput } from "./collection-input.ts";
import { summaryOf } from "./collection-view.ts";

/**
 * A new collection of the viewer's. The database refuses one past collectionsPerPerson
 * (drizzle/0017), as 413 collection_limit. A public one's title and description pass the
 * privacy check first.
 */
export async function createCollection(
  options: { db: Database; viewer: Viewer | null } & CreateCollectionInput,
) {
  const viewer = requireViewer(options.viewer);
  if (options.isPublic) {
    assertShareable([{ title: options.title, description: options.description }], options.confirm);
  }
  const [row] = await options.db
    .insert(collections)
    .values({
      userId: viewer.userId,
      title: options.title,
      description: options.description,
      isPublic: options.isPublic,
    })
    .returning({ id: collections.id });
  if (!row) throw new Error("insert returned no row");
  return summaryOf(options.db, row.id);
}
