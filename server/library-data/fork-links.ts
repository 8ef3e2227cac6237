import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { libraryUsage, prompts } from "../db/schema.ts";
import { checkedElsewhere, readableBy } from "../prompts/prompt-access.ts";
import type { ImportedHistory } from "./import-history.ts";

type SavedFrom = ImportedHistory["savedFrom"];

/**
 * How the saved copies among a batch of imported prompts link to their originals, decided in the
 * transaction that writes them:
 * - to the original, when the importer can see it (shared, or their own) and keeps no copy of
 *   it yet: a person keeps one copy of each original (server/prompts/save-to-library.ts);
 * - to nothing but the version taken ("original removed") when the original is gone or hidden;
 * - not as a copy at all when the importer already keeps a copy of that original, which stays
 *   the one that is linked.
 * Returns the columns for each copy, in the batch's order.
 */
export async function forkLinks(
  tx: Pick<Database, "select" | "execute">,
  viewer: Viewer,
  batch: { history?: ImportedHistory }[],
) {
  const ids = [...new Set(batch.flatMap((prompt) => prompt.history?.savedFrom?.id ?? []))];
  const visible = new Set<string>();
  const kept = new Set<string>();
  if (ids.length > 0) {
    // As a save does: the person's writes wait for each other on their usage row, so a save
    // made meanwhile cannot add a second copy of the same original.
    await tx.execute(
      sql`select 1 from ${libraryUsage} where ${libraryUsage.userId} = ${viewer.userId} for update`,
    );
    // Held until the batch commits, so an original cannot be deleted between here and the link.
    const originals = await tx
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(inArray(prompts.id, ids), readableBy(viewer)))
      .for("key share");
    for (const { id } of originals) visible.add(id);
    const copies = await tx
      .select({ id: prompts.sourcePromptId })
      .from(prompts)
      .where(
        and(
          eq(prompts.userId, viewer.userId),
          inArray(prompts.sourcePromptId, ids),
          checkedElsewhere("own-rows-before-writing"),
        ),
      );
    for (const { id } of copies) if (id) kept.add(id);
  }
  return (savedFrom: SavedFrom) => {
    if (!savedFrom) return {};
    const { id, version } = savedFrom;
    if (id !== null && kept.has(id)) return {};
    if (id !== null && visible.has(id)) {
      kept.add(id);
      return { sourcePromptId: id, sourceVersion: version };
    }
    return { sourceVersion: version };
  };
}
