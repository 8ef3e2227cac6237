import { desc, eq, sql } from "drizzle-orm";
import type { CollectionSummary } from "../../shared/collection.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collectionItems, collections } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { selectSummaries, toSummary } from "./collection-view.ts";

/**
 * The viewer's own collections, newest first (at most collectionsPerPerson exist). Given a
 * prompt, each says whether it holds it, for "Add to collection".
 */
export async function listCollections(options: {
  db: Database;
  viewer: Viewer | null;
  promptId?: string | undefined;
}): Promise<CollectionSummary[]> {
  const viewer = requireViewer(options.viewer);
  const rows = await selectSummaries(options.db)
    .where(eq(collections.userId, viewer.userId))
    .orderBy(desc(collections.createdAt), desc(collections.id));
  const holding = options.promptId
    ? new Set(
        (
          await options.db
            .select({ id: collectionItems.collectionId })
            .from(collectionItems)
            .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
            .where(
              sql`${collections.userId} = ${viewer.userId} and ${collectionItems.promptId} = ${options.promptId}`,
            )
        ).map((row) => row.id),
      )
    : null;
  return rows.map((row) => ({
    ...toSummary(row),
    ...(holding ? { hasPrompt: holding.has(row.id) } : {}),
  }));
}
