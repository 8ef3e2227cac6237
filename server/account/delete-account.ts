import { and, eq, isNull, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer, sharedNow } from "../prompts/prompt-access.ts";
import { assertTokenMay } from "../tokens/token-access.ts";

/**
 * Deletes the viewer's account: their sessions, personal prompts, folders, tags and stars go with
 * it. Their shared prompts go too, or stay in the community under "Community Member".
 * Confirmed by typing the account's email.
 */
export async function deleteAccount(options: {
  db: Database;
  viewer: Viewer | null;
  confirmEmail: string;
  keepSharedPrompts: boolean;
}) {
  const viewer = requireViewer(options.viewer);
  assertTokenMay(viewer, "manage");
  if (options.confirmEmail.trim().toLowerCase() !== viewer.email.toLowerCase()) {
    throw new AppError(
      "invalid_input",
      "Type your account's email address to confirm",
      "account_email_mismatch",
    );
  }
  await options.db.transaction(async (tx) => {
    await tx.delete(prompts).where(
      and(
        eq(prompts.userId, viewer.userId),
        // A team's prompts are the team's: they stay, and lose their writer's name.
        isNull(prompts.teamId),
        // An import still running is not theirs to keep: it goes, as it would have on failing.
        options.keepSharedPrompts ? sql`not ${sharedNow()}` : undefined,
      ),
    );
    // Kept shared prompts lose their owner (and so their folder); everything else cascades.
    await tx.update(prompts).set({ folderId: null }).where(eq(prompts.userId, viewer.userId));
    await tx.delete(users).where(eq(users.id, viewer.userId));
  });
}
