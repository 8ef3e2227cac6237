import { and, eq } from "drizzle-orm";
import type { CollectionDetail } from "../../shared/collection.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionStars } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireVisibleCollection } from "./collection-access.ts";
import { itemsOf, ownerOf, summaryOf } from "./collection-view.ts";

/** A collection the viewer can see, with its items, its creator and whether they starred it. */
export async function getCollection(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<CollectionDetail> {
  const viewer = requireViewer(options.viewer);
  const collection = await requireVisibleCollection(options.db, viewer, options.id);
  const [summary, items, owner, star] = await Promise.all([
    summaryOf(options.db, collection.id),
    itemsOf(options.db, collection.id),
    ownerOf(options.db, collection.userId),
    options.db
      .select({ at: collectionStars.createdAt })
      .from(collectionStars)
      .where(
        and(
          eq(collectionStars.collectionId, collection.id),
          eq(collectionStars.userId, viewer.userId),
        ),
      ),
  ]);
  return {
    ...summary,
    items,
    owner,
    starred: star.length > 0,
    isOwn: collection.userId === viewer.userId,
  };
}
