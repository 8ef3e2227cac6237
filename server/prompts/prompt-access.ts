import { eq, or, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";

/**
 * Who may do what with prompts, in one place:
 * - everyone signed in sees their own prompts and every shared prompt; administrators see all;
 * - owners change and delete their own prompts; administrators change and delete any;
 * - owners file and tag their own prompts; anyone stars, copies or saves what they can see.
 * Another person's personal prompt is "not found", never "forbidden", so its existence never leaks.
 */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("unauthenticated", "Please sign in");
  return viewer;
}

export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  return or(sql`${prompts.isShared}`, sql`${prompts.userId} = ${viewer.userId}`);
}

export function assertCanChange(
  prompt: { userId: string | null; isShared: boolean } | undefined,
  viewer: Viewer,
) {
  const own = prompt?.userId === viewer.userId;
  if (!prompt || (!prompt.isShared && !own && !viewer.isAdmin)) {
    throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  }
  if (!own && !viewer.isAdmin) {
    throw new AppError("forbidden", "You can only change your own prompts", "prompt_not_own");
  }
}

/**
 * Filing and tagging: only on your own prompts (folders and tags are private, so not even an
 * administrator files another person's prompt). A prompt you cannot see is not found.
 */
export function assertOwn(
  prompt: { userId: string | null; isShared: boolean } | undefined,
  viewer: Viewer,
) {
  if (prompt?.userId === viewer.userId) return;
  if (!prompt || (!prompt.isShared && !viewer.isAdmin)) {
    throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  }
  throw new AppError("forbidden", "You can only organise your own prompts", "prompt_not_own");
}

/** The prompt's owner and visibility, for the checks above. */
export async function promptOwnership(db: Database, id: string) {
  assertPromptId(id);
  const [row] = await db
    .select({ userId: prompts.userId, isShared: prompts.isShared })
    .from(prompts)
    .where(eq(prompts.id, id));
  return row;
}

/** An id that is not a UUID names no prompt. */
export function assertPromptId(id: string) {
  if (!isUuid(id)) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
}
