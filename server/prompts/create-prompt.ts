import { type Prompt, titleAndCategory } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { requireTeamRole } from "../teams/team-access.ts";
import { logTeamActivity } from "../teams/team-activity.ts";
import { assertShareable } from "./privacy-check.ts";
import { requireViewer } from "./prompt-access.ts";
import type { CreatePromptInput } from "./prompt-input.ts";
import { toPrompt } from "./prompt-view.ts";

/**
 * Adds a prompt to your personal library or a team's you edit (teamId), and shares it with the
 * community when asked. A team's new prompt is in its log.
 */
export async function createPrompt(
  options: { db: Database; viewer: Viewer | null } & CreatePromptInput,
): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  const { teamId } = options;
  if (teamId) await requireTeamRole(options.db, viewer, teamId, "editor");
  if (options.shared) assertShareable([options], options.confirm);
  const row = await options.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(prompts)
      .values({
        ...titleAndCategory(options.useCase),
        promptText: options.promptText,
        description: options.description ?? null,
        userId: viewer.userId,
        teamId: teamId ?? null,
        isShared: options.shared,
        createdByAdmin: viewer.isAdmin,
      })
      .returning();
    if (!made) throw new Error("insert returned no row");
    if (teamId) {
      await logTeamActivity(tx, {
        teamId,
        actorId: viewer.userId,
        action: "prompt_created",
        promptId: made.id,
        detail: { title: made.title },
      });
    }
    return made;
  });
  return toPrompt(
    {
      ...row,
      ownerName: viewer.name,
      ownerEmail: viewer.email,
      ownerUsername: viewer.username,
      starCount: 0,
      starredAt: null,
      // A new prompt has no copies yet, the viewer's or anyone's.
      savedByViewer: false,
      // Its writer is the team's editor: a member.
      shownTeamId: row.teamId,
      originalChanged: null,
      tags: [],
      titleKey: row.title.toLowerCase(),
    },
    viewer,
  );
}
