import { type Prompt, titleAndCategory } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { assertShareable } from "./privacy-check.ts";
import { requireViewer } from "./prompt-access.ts";
import type { CreatePromptInput } from "./prompt-input.ts";
import { toPrompt } from "./prompt-view.ts";

/** Adds a prompt to your personal library, or shares it with the community. */
export async function createPrompt(
  options: { db: Database; viewer: Viewer | null } & CreatePromptInput,
): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  if (options.shared) assertShareable([options], options.confirm);
  const [row] = await options.db
    .insert(prompts)
    .values({
      ...titleAndCategory(options.useCase),
      promptText: options.promptText,
      description: options.description ?? null,
      userId: viewer.userId,
      isShared: options.shared,
      createdByAdmin: viewer.isAdmin,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toPrompt(
    {
      ...row,
      ownerName: viewer.name,
      ownerEmail: viewer.email,
      ownerUsername: viewer.username,
      starCount: 0,
      starredAt: null,
      // A new prompt has no copies yet, the viewer's or anyone's.
      savedByViewer: false,
      originalChanged: null,
      tags: [],
      titleKey: row.title.toLowerCase(),
    },
    viewer,
  );
}
