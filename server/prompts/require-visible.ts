import { and, eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertPromptId, readableBy } from "./prompt-access.ts";

/** The prompt, if the viewer can see it; otherwise not found. */
export async function requireVisiblePrompt(db: Database, viewer: Viewer, id: string) {
  assertPromptId(id);
  const [row] = await db
    .select({
      id: prompts.id,
      title: prompts.title,
      promptText: prompts.promptText,
      category: prompts.category,
      version: prompts.version,
    })
    .from(prompts)
    .where(and(eq(prompts.id, id), readableBy(viewer)));
  if (!row) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  return row;
}
