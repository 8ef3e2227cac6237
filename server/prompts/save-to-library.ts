import { and, eq, isNull, sql } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { libraryUsage, prompts } from "../db/schema.ts";
import { getPrompt } from "./get-prompt.ts";
import { checkedElsewhere, requireViewer } from "./prompt-access.ts";
import { requireVisiblePrompt } from "./require-visible.ts";
import { ownPromptsByText, textHash } from "./same-text.ts";

/**
 * Copies a prompt the viewer can see into their personal library, linked to the original and the
 * version of it taken, so the copy can tell when the original moves on. A person keeps one copy
 * of each original, and a prompt whose text they have already is in their library
 * (same-text.ts): saving again answers the prompt already there (`created` false) instead of
 * adding another.
 */
export async function saveToLibrary(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<{ prompt: Prompt; created: boolean }> {
  const viewer = requireViewer(options.viewer);
  const original = await requireVisiblePrompt(options.db, viewer, options.id);
  const saved = await options.db.transaction(async (tx) => {
    // The person's writes wait for each other on their usage row (drizzle/0010), so two saves
    // at once (a double click, two tabs) cannot both find no copy and both add one.
    await tx.execute(
      sql`select 1 from ${libraryUsage} where ${libraryUsage.userId} = ${viewer.userId} for update`,
    );
    const [existing] = await tx
      .select({ id: prompts.id })
      .from(prompts)
      .where(
        and(
          eq(prompts.userId, viewer.userId),
          // A copy moved into a team is the team's now, not one the person keeps.
          isNull(prompts.teamId),
          eq(prompts.sourcePromptId, original.id),
          checkedElsewhere("own-rows-before-writing"),
        ),
      )
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    // A prompt of theirs with the same text (an import, their own) is the one they have.
    const hash = textHash(original.promptText);
    const sameText = (await ownPromptsByText(tx, viewer.userId, [hash])).get(hash);
    if (sameText) return { id: sameText, created: false };
    const [copy] = await tx
      .insert(prompts)
      .values({
        title: original.title,
        category: original.category,
        promptText: original.promptText,
        userId: viewer.userId,
        isShared: false,
        createdByAdmin: viewer.isAdmin,
        sourcePromptId: original.id,
        sourceVersion: original.version,
      })
      .returning({ id: prompts.id });
    if (!copy) throw new Error("insert returned no row");
    return { id: copy.id, created: true };
  });
  return {
    prompt: await getPrompt({ db: options.db, viewer, id: saved.id }),
    created: saved.created,
  };
}
