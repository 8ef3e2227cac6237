import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { logTeamActivity } from "../teams/team-activity.ts";
import { assertCanChange, promptOwnership, requireViewer } from "./prompt-access.ts";

/**
 * Deletes your own prompt, a team's you edit (in its log), or (administrators) any prompt
 * outside a team.
 */
export async function deletePrompt(options: { db: Database; viewer: Viewer | null; id: string }) {
  const viewer = requireViewer(options.viewer);
  const standing = await promptOwnership(options.db, options.id, viewer);
  assertCanChange(standing, viewer);
  await options.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(prompts)
      .where(eq(prompts.id, options.id))
      .returning({ title: prompts.title, teamId: prompts.teamId });
    if (gone?.teamId) {
      await logTeamActivity(tx, {
        teamId: gone.teamId,
        actorId: viewer.userId,
        action: "prompt_deleted",
        promptId: options.id,
        detail: { title: gone.title },
      });
    }
  });
}
