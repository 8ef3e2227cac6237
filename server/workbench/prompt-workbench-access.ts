import { and, eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertPromptId, visibleTo } from "../prompts/prompt-access.ts";

/** A prompt a run or a test is about, as its visibility and owner decide. */
export interface RunnablePrompt {
  id: string;
  title: string;
  userId: string | null;
  isShared: boolean;
  version: number;
  promptText: string;
}

/**
 * A prompt's private data (its kept runs, its test cases and their outcomes) is read and
 * changed by whoever may read the prompt privately, in one place: its owner now; once teams
 * exist, its team's members too. Not administrators: like folders and tags, it is the owner's.
 */
export function mayReadPrivateData(prompt: Pick<RunnablePrompt, "userId">, viewer: Viewer) {
  return prompt.userId !== null && prompt.userId === viewer.userId;
}

/** The prompt, if the viewer may see it at all (prompt-access.ts); otherwise not found. */
export async function requireRunnablePrompt(
  db: Database,
  viewer: Viewer,
  id: string,
): Promise<RunnablePrompt> {
  assertPromptId(id);
  const [row] = await db
    .select({
      id: prompts.id,
      title: prompts.title,
      userId: prompts.userId,
      isShared: prompts.isShared,
      version: prompts.version,
      promptText: prompts.promptText,
    })
    .from(prompts)
    .where(and(eq(prompts.id, id), visibleTo(viewer)));
  if (!row) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  return row;
}

/**
 * The prompt, if the viewer may read its private data. One they cannot see is not found, as
 * everywhere; another person's shared prompt is visible, but its runs and tests are theirs.
 */
export async function requirePromptPrivateData(db: Database, viewer: Viewer, id: string) {
  const prompt = await requireRunnablePrompt(db, viewer, id);
  if (!mayReadPrivateData(prompt, viewer)) {
    throw new AppError(
      "forbidden",
      "Runs and test cases of a prompt are its owner's",
      "prompt_not_own",
    );
  }
  return prompt;
}
