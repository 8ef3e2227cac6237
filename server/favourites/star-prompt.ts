import { and, eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { favourites } from "../db/schema.ts";
import { assertPromptId, requireViewer } from "../prompts/prompt-access.ts";
import { requireVisiblePrompt } from "../prompts/require-visible.ts";

/** Stars a prompt the viewer can see; starring twice changes nothing. */
export async function starPrompt(options: { db: Database; viewer: Viewer | null; id: string }) {
  const viewer = requireViewer(options.viewer);
  await requireVisiblePrompt(options.db, viewer, options.id);
  await options.db
    .insert(favourites)
    .values({ userId: viewer.userId, promptId: options.id })
    .onConflictDoNothing();
}

/** Removes the viewer's own star; there is no one else's to remove. */
export async function unstarPrompt(options: { db: Database; viewer: Viewer | null; id: string }) {
  const viewer = requireViewer(options.viewer);
  assertPromptId(options.id);
  await options.db
    .delete(favourites)
    .where(and(eq(favourites.userId, viewer.userId), eq(favourites.promptId, options.id)));
}
