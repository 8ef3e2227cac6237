import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { getPrompt } from "../prompts/get-prompt.ts";
import { assertCanChange, requireViewer } from "../prompts/prompt-access.ts";
import { writeVersion } from "../prompts/update-prompt.ts";
import { logTeamActivity } from "../teams/team-activity.ts";
import { versionOf, visiblePrompt } from "./history.ts";

/**
 * Brings back an earlier version as a new one, so nothing is lost: whoever may edit the prompt
 * may restore it. Restoring what the prompt already says changes nothing; a purged version has
 * nothing left to restore.
 */
export async function restoreVersion(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  number: number;
}): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanChange(prompt, viewer);
  const version = await versionOf(options.db, prompt, options.number);
  if (version.purged) {
    throw new AppError(
      "conflict",
      "This version was purged: nothing is left to restore",
      "version_purged",
    );
  }
  await writeVersion(options.db, viewer, prompt.id, {
    content: { title: version.title, category: version.category, promptText: version.promptText },
    note: null,
    restoredFrom: version.number,
  });
  if (prompt.teamId) {
    await logTeamActivity(options.db, {
      teamId: prompt.teamId,
      actorId: viewer.userId,
      action: "prompt_restored",
      promptId: prompt.id,
      detail: { title: version.title, version: version.number },
    });
  }
  return getPrompt({ db: options.db, viewer, id: prompt.id });
}
