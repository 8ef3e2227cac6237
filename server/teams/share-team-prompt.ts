import { and, eq } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts, promptVersions } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { getPrompt } from "../prompts/get-prompt.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import {
  assertCanChange,
  checkedElsewhere,
  promptOwnership,
  requireViewer,
} from "../prompts/prompt-access.ts";
import { logTeamActivity } from "./team-activity.ts";

/**
 * Shares a team's prompt with the community, or withdraws it: its editors may. A prompt of one's
 * own is shared or not when it is written, as the product has always had it (`sharing_team_only`
 * for any other). Shared, the prompt's history is public with it, so its text, use case,
 * description and every version's text and note pass the privacy check first (`confirm` shares
 * what it found something in). The prompt's row is locked while it is read and changed, and an
 * edit checked for the other state meanwhile is refused (update-prompt.ts, `sharing_changed`).
 * The database tells the community's pages and lists (drizzle/0011, 0013, 0018).
 */
export async function setTeamPromptShared(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  shared: boolean;
  confirm?: boolean;
}): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  const standing = await promptOwnership(options.db, options.id, viewer);
  assertCanChange(standing, viewer);
  const teamId = standing?.teamId;
  if (!teamId) {
    throw new AppError(
      "forbidden",
      "Only a team's prompts are shared or withdrawn after they are written",
      "sharing_team_only",
    );
  }
  await options.db.transaction(async (tx) => {
    const [now] = await tx
      .select({
        isShared: prompts.isShared,
        title: prompts.title,
        category: prompts.category,
        promptText: prompts.promptText,
        description: prompts.description,
        note: prompts.versionNote,
      })
      .from(prompts)
      .where(and(eq(prompts.id, options.id), checkedElsewhere("chosen-by-the-rule")))
      .for("update");
    if (!now) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
    if (now.isShared === options.shared) return;
    if (options.shared) {
      const earlier = await tx
        .select({ promptText: promptVersions.promptText, note: promptVersions.note })
        .from(promptVersions)
        .where(
          and(eq(promptVersions.promptId, options.id), checkedElsewhere("chosen-by-the-rule")),
        );
      assertShareable(
        [
          {
            promptText: now.promptText,
            useCase: now.category ?? now.title,
            description: now.description,
            note: now.note,
          },
          ...earlier,
        ],
        options.confirm,
      );
    }
    await tx.update(prompts).set({ isShared: options.shared }).where(eq(prompts.id, options.id));
    await logTeamActivity(tx, {
      teamId,
      actorId: viewer.userId,
      action: options.shared ? "prompt_shared" : "prompt_unshared",
      promptId: options.id,
      detail: { title: now.title },
    });
  });
  return getPrompt({ db: options.db, viewer, id: options.id });
}
