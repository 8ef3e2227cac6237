import { and, eq, isNull } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts, promptTags } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { getPrompt } from "../prompts/get-prompt.ts";
import { assertOwn, promptOwnership, requireViewer } from "../prompts/prompt-access.ts";
import { requireTeamRole } from "./team-access.ts";
import { logTeamActivity } from "./team-activity.ts";

/**
 * Moves one of your own prompts into a team you edit: from then on it is the team's, with its
 * history, stars and saved copies, and out of your folders and tags (they are yours). One
 * statement moves it while it is still yours and in no team, so an edit at the same moment lands
 * before or after, on the same row and history.
 */
export async function moveIntoTeam(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  teamId: string;
}): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  assertOwn(await promptOwnership(options.db, options.id, viewer), viewer);
  await requireTeamRole(options.db, viewer, options.teamId, "editor");
  await options.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(prompts)
      .set({ teamId: options.teamId, folderId: null, pinnedAt: null })
      .where(
        and(eq(prompts.id, options.id), eq(prompts.userId, viewer.userId), isNull(prompts.teamId)),
      )
      .returning({ title: prompts.title });
    if (!moved) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
    await tx.delete(promptTags).where(eq(promptTags.promptId, options.id));
    await logTeamActivity(tx, {
      teamId: options.teamId,
      actorId: viewer.userId,
      action: "prompt_moved_in",
      promptId: options.id,
      detail: { title: moved.title },
    });
  });
  return getPrompt({ db: options.db, viewer, id: options.id });
}
