import { and, eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionStars } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireVisibleCollection } from "./collection-access.ts";

/** Stars a collection the viewer can see; starring twice changes nothing. */
export async function starCollection(options: { db: Database; viewer: Viewer | null; id: string }) {
  const viewer = requireViewer(options.viewer);
  const collection = await requireVisibleCollection(options.db, viewer, options.id);
  await options.db
    .insert(collectionStars)
    .values({ collectionId: collection.id, userId: viewer.userId })
    .onConflictDoNothing();
}

/** Removes the viewer's own star from a collection they can see. */
export async function unstarCollection(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}) {
  const viewer = requireViewer(options.viewer);
  const collection = await requireVisibleCollection(options.db, viewer, options.id);
  await options.db
    .delete(collectionStars)
    .where(
      and(
        eq(collectionStars.collectionId, collection.id),
        eq(collectionStars.userId, viewer.userId),
      ),
    );
}
