import { eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptTags, tags } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { findOwnTag, requireOwnTag } from "./tag-lookup.ts";

/**
 * Renames a tag on every prompt. Renaming onto another existing tag merges the two; changing
 * only the case just changes the case.
 */
export async function renameTag(options: {
  db: Database;
  viewer: Viewer | null;
  name: string;
  newName: string;
}) {
  const viewer = requireViewer(options.viewer);
  await options.db.transaction(async (tx) => {
    const tag = await requireOwnTag(tx, viewer, options.name);
    const target = await findOwnTag(tx, viewer, options.newName);
    if (!target || target.id === tag.id) {
      await tx.update(tags).set({ name: options.newName }).where(eq(tags.id, tag.id));
      return;
    }
    await tx.execute(sql`
      insert into ${promptTags} (prompt_id, tag_id)
      select prompt_id, ${target.id} from ${promptTags} where tag_id = ${tag.id}
      on conflict do nothing`);
    await tx.delete(tags).where(eq(tags.id, tag.id));
  });
}

/** Deletes a tag from the viewer's library and from every prompt carrying it. */
export async function deleteTag(options: { db: Database; viewer: Viewer | null; name: string }) {
  const viewer = requireViewer(options.viewer);
  const tag = await requireOwnTag(options.db, viewer, options.name);
  await options.db.delete(tags).where(eq(tags.id, tag.id));
}
