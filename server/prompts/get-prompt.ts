import { and, eq } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertPromptId, readableBy, requireViewer } from "./prompt-access.ts";
import { selectWholePrompts, toPrompt } from "./prompt-view.ts";

/** One prompt you can see: shared, yours, or (administrators) any. Anything else is not found. */
export async function getPrompt(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  assertPromptId(options.id);
  const [row] = await selectWholePrompts(options.db, viewer)
    .where(and(eq(prompts.id, options.id), readableBy(viewer)))
    .limit(1);
  if (!row) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  return toPrompt(row, viewer);
}
