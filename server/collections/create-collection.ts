import { count, eq, sql } from "drizzle-orm";
import { collectionsPerPerson } from "../../shared/collection.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { collections, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import type { CreateCollectionInput } from "./collection-input.ts";
import { summaryOf } from "./collection-view.ts";

/** A new collection of the viewer's, up to collectionsPerPerson. */
export async function createCollection(
  options: { db: Database; viewer: Viewer | null } & CreateCollectionInput,
) {
  const viewer = requireViewer(options.viewer);
  const id = await options.db.transaction(async (tx) => {
    // The person's creations take turns here, so two at once cannot both pass the limit.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${viewer.userId} for update`);
    const [held] = await tx
      .select({ n: count() })
      .from(collections)
      .where(eq(collections.userId, viewer.userId));
    if ((held?.n ?? 0) >= collectionsPerPerson) {
      throw new AppError(
        "payload_too_large",
        `You can have at most ${collectionsPerPerson} collections`,
        "collection_limit",
      );
    }
    const [row] = await tx
      .insert(collections)
      .values({
        userId: viewer.userId,
        title: options.title,
        description: options.description,
        isPublic: options.isPublic,
      })
      .returning({ id: collections.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  });
  return summaryOf(options.db, id);
}
