import { and, eq, isNull, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptVersions } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertCanChange, checkedElsewhere, requireViewer } from "../prompts/prompt-access.ts";
import { visiblePrompt } from "./history.ts";

/**
 * Purges an earlier version of a prompt: its title, use case, text and note are emptied for
 * good, and its history keeps only that it was purged, by whom and when. For what an edit took
 * out (a key pasted by mistake) that would otherwise stay readable in the history. Whoever may
 * edit the prompt may purge; the current version cannot be (edit it instead), and purging one
 * already purged changes nothing. The database empties the version and drops every page that
 * showed it, stored or kept (drizzle/0019). Saved copies others took are theirs, and keep
 * their own text (docs/decisions/0013).
 */
export async function purgeVersion(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  number: number;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanChange(prompt, viewer);
  if (options.number === prompt.number) {
    throw new AppError(
      "conflict",
      "The current version cannot be purged: edit the prompt, then purge the version before it",
      "version_current",
    );
  }
  const version = and(
    eq(promptVersions.promptId, prompt.id),
    eq(promptVersions.number, options.number),
  );
  const purged = await options.db
    .update(promptVersions)
    .set({ purgedAt: sql`now()`, purgedBy: viewer.userId })
    .where(and(version, isNull(promptVersions.purgedAt)))
    .returning({ number: promptVersions.number });
  if (purged.length > 0) return;
  const [kept] = await options.db
    .select({ number: promptVersions.number })
    .from(promptVersions)
    .where(and(version, checkedElsewhere("chosen-by-the-rule")));
  if (!kept) throw new AppError("not_found", "Version not found", "version_not_found");
}
