import { and, eq } from "drizzle-orm";
import { type Prompt, titleAndCategory } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { logTeamActivity } from "../teams/team-activity.ts";
import { getPrompt } from "./get-prompt.ts";
import { assertShareable } from "./privacy-check.ts";
import { assertCanChange, promptOwnership, requireViewer } from "./prompt-access.ts";
import type { UpdatePromptInput } from "./prompt-input.ts";

/**
 * Changes a prompt's text, use case and description; whether it is shared never changes. A
 * shared prompt's new text, use case, description and note are public at once, so they pass the
 * privacy check first. The description is not part of a version: it changes in place.
 */
export async function updatePrompt(
  options: { db: Database; viewer: Viewer | null; id: string } & UpdatePromptInput,
): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  const ownership = await promptOwnership(options.db, options.id, viewer);
  assertCanChange(ownership, viewer);
  if (ownership?.isShared) {
    assertShareable(
      [
        {
          promptText: options.promptText,
          useCase: options.useCase,
          description: options.description,
          note: options.note,
        },
      ],
      options.confirm,
    );
  }
  if (options.description !== undefined) {
    const described = await options.db
      .update(prompts)
      .set({ description: options.description })
      .where(and(eq(prompts.id, options.id), eq(prompts.isShared, ownership?.isShared ?? false)))
      .returning({ id: prompts.id });
    if (described.length === 0) throw sharingChanged();
  }
  if (options.promptText !== undefined || options.useCase !== undefined) {
    await writeVersion(options.db, viewer, options.id, {
      content: {
        ...(options.promptText !== undefined ? { promptText: options.promptText } : {}),
        ...(options.useCase !== undefined ? titleAndCategory(options.useCase) : {}),
      },
      note: options.note ?? null,
      restoredFrom: null,
      sharedWhenChecked: ownership?.isShared,
    });
  }
  const prompt = await getPrompt({ db: options.db, viewer, id: options.id });
  if (ownership?.teamId) {
    await logTeamActivity(options.db, {
      teamId: ownership.teamId,
      actorId: viewer.userId,
      action: "prompt_edited",
      promptId: options.id,
      detail: { title: prompt.title, version: prompt.version },
    });
  }
  return prompt;
}

export interface VersionContent {
  title: string;
  category: string | null;
  promptText: string;
}

/**
 * Writes a prompt's new content as the viewer's version, once the caller has checked they may.
 * The database keeps the version it replaces and numbers the new one (drizzle/0014); content
 * equal to the current version's changes nothing.
 */
export async function writeVersion(
  db: Database,
  viewer: Viewer,
  id: string,
  change: {
    content: Partial<VersionContent>;
    note: string | null;
    restoredFrom: number | null;
    /** For a saved copy brought up to date: the original's version it now matches. */
    sourceVersion?: number;
    /** Who wrote the text, when not the viewer: an accepted suggestion's author. */
    authorId?: string;
    /**
     * Whether the prompt was shared when the caller checked its text for it: a team prompt
     * shared or withdrawn since (share-team-prompt.ts) was checked for the other, so the write
     * is refused (`sharing_changed`) rather than making unchecked text public.
     */
    sharedWhenChecked?: boolean;
  },
) {
  const written = await db
    .update(prompts)
    .set({
      ...change.content,
      versionAuthorId: change.authorId ?? viewer.userId,
      versionNote: change.note,
      versionRestoredFrom: change.restoredFrom,
      ...(change.sourceVersion !== undefined ? { sourceVersion: change.sourceVersion } : {}),
    })
    .where(
      and(
        eq(prompts.id, id),
        change.sharedWhenChecked === undefined
          ? undefined
          : eq(prompts.isShared, change.sharedWhenChecked),
      ),
    )
    .returning({ id: prompts.id });
  if (change.sharedWhenChecked !== undefined && written.length === 0) throw sharingChanged();
}

/** A write checked for the prompt shared (or not) finds it the other way now. */
function sharingChanged() {
  return new AppError(
    "conflict",
    "The prompt was shared or withdrawn meanwhile. Please try again.",
    "sharing_changed",
  );
}
