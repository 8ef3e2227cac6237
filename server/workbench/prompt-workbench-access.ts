import { and, eq } from "drizzle-orm";
import { roleAtLeast } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  assertPromptId,
  type PromptStanding,
  standingColumns,
  visibleTo,
} from "../prompts/prompt-access.ts";

/** A prompt a run or a test is about, as its visibility, owner and team decide. */
export interface RunnablePrompt extends PromptStanding {
  id: string;
  title: string;
  version: number;
  promptText: string;
}

/**
 * What the viewer may do with a prompt's private data (its kept runs, its test cases and their
 * outcomes), decided here alone: on a person's own prompt, its owner everything; on a team's,
 * every member reads them (and has their runs kept) and its editors and owners also change the
 * test cases and run them. Nobody else, administrators neither: like folders and tags, they are
 * the owner's, or the team's.
 */
export function privateDataAccess(
  prompt: Pick<RunnablePrompt, "userId" | "teamId" | "teamRole">,
  viewer: Viewer,
): "change" | "read" | null {
  if (prompt.teamId !== null) {
    if (roleAtLeast(prompt.teamRole, "editor")) return "change";
    return prompt.teamRole === null ? null : "read";
  }
  return prompt.userId !== null && prompt.userId === viewer.userId ? "change" : null;
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
      version: prompts.version,
      promptText: prompts.promptText,
      ...standingColumns(viewer),
    })
    .from(prompts)
    .where(and(eq(prompts.id, id), visibleTo(viewer)));
  if (!row) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  return row;
}

/**
 * The prompt, if the viewer may read its private data, or (`need: "change"`) change it. One
 * they cannot see is not found, as everywhere; another person's shared prompt is visible, but
 * its runs and tests are theirs; a team's viewer reads its test cases but does not change them.
 */
export async function requirePromptPrivateData(
  db: Database,
  viewer: Viewer,
  id: string,
  need: "read" | "change",
) {
  const prompt = await requireRunnablePrompt(db, viewer, id);
  const access = privateDataAccess(prompt, viewer);
  if (access === null) {
    throw new AppError(
      "forbidden",
      "Runs and test cases of a prompt are its owner's, or its team's",
      "prompt_not_own",
    );
  }
  if (need === "change" && access === "read") {
    throw new AppError(
      "forbidden",
      "Only the team's editors can change its test cases and run them",
      "team_role",
    );
  }
  return prompt;
}
