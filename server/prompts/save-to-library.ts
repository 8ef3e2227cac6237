import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { getPrompt } from "./get-prompt.ts";
import { requireViewer } from "./prompt-access.ts";
import { requireVisiblePrompt } from "./require-visible.ts";

/** Copies a prompt the viewer can see into their personal library, linked to the original. */
export async function saveToLibrary(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  const original = await requireVisiblePrompt(options.db, viewer, options.id);
  const [copy] = await options.db
    .insert(prompts)
    .values({
      title: original.title,
      category: original.category,
      promptText: original.promptText,
      userId: viewer.userId,
      isShared: false,
      createdByAdmin: viewer.isAdmin,
      sourcePromptId: original.id,
    })
    .returning({ id: prompts.id });
  if (!copy) throw new Error("insert returned no row");
  return getPrompt({ db: options.db, viewer, id: copy.id });
}
