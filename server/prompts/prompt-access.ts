import { and, eq, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { importRuns, prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";

/**
 * Who may do what with prompts, in one place:
 * - everyone signed in sees their own prompts and every shared prompt; administrators see all;
 * - owners change and delete their own prompts; administrators change and delete any;
 * - owners file and tag their own prompts; anyone stars, copies or saves what they can see.
 * - a prompt an import is still writing is nobody's, not even its owner's, until the import lands;
 * Another person's personal prompt is "not found", never "forbidden", so its existence never leaks.
 */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("unauthenticated", "Please sign in");
  return viewer;
}

export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin) return landed();
  return and(or(sql`${prompts.isShared}`, sql`${prompts.userId} = ${viewer.userId}`), landed());
}

/**
 * Whether a row (a prompt by default) is past its import. An import writes in short transactions
 * and its rows carry its run's id; while the run is in import_runs they are nobody's, their
 * owner's neither. They land together when the transaction that ends the run deletes it, or go
 * before it when the import is refused (server/library-data/import-runs.ts). The database's
 * prompt_landed() is the same test, for what it announces (drizzle/0020); here it is written out,
 * so PostgreSQL reads the few runs once per statement, not once per row.
 */
export function landed(importRunId: SQLWrapper = prompts.importRunId): SQL {
  return sql`(${importRunId} is null or ${importRunId} not in (select ${importRuns.id} from ${importRuns}))`;
}

/** A shared prompt that has landed: what the community, and anyone at all, may be shown. */
export function sharedNow(): SQL {
  return sql`(${prompts.isShared} and ${landed()})`;
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
