import { eq } from "drizzle-orm";
import { type Prompt, titleAndCategory } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { getPrompt } from "./get-prompt.ts";
import { assertCanChange, promptOwnership, requireViewer } from "./prompt-access.ts";
import type { UpdatePromptInput } from "./prompt-input.ts";

/** Changes a prompt's text and use case; whether it is shared never changes. */
export async function updatePrompt(
  options: { db: Database; viewer: Viewer | null; id: string } & UpdatePromptInput,
): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  assertCanChange(await promptOwnership(options.db, options.id), viewer);
  await options.db
    .update(prompts)
    .set({
      ...(options.promptText !== undefined ? { promptText: options.promptText } : {}),
      ...(options.useCase !== undefined ? titleAndCategory(options.useCase) : {}),
      updatedAt: new Date(),
    })
    .where(eq(prompts.id, options.id));
  return getPrompt({ db: options.db, viewer, id: options.id });
}
