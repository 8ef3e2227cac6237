import { and, eq } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import type { Upstream, UpstreamChoice } from "../../shared/versions.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { getPrompt } from "../prompts/get-prompt.ts";
import {
  assertCanChange,
  assertPromptId,
  readableBy,
  requireViewer,
  standingColumns,
} from "../prompts/prompt-access.ts";
import { writeVersion } from "../prompts/update-prompt.ts";
import { versionOf, visiblePrompt } from "./history.ts";

/**
 * A saved copy against its original: the original's version the copy took, the original now,
 * and whether the copy was edited since. Only for a copy the viewer can see, and only while they
 * can still see the original.
 */
export async function readUpstream(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<Upstream> {
  const viewer = requireViewer(options.viewer);
  const { copy, original } = await copyAndOriginal(options.db, viewer, options.id);
  const current = await versionOf(options.db, original, original.number);
  // The version the copy took may have been merged away, or purged by the original's owner:
  // either way nothing of it is shown.
  const took = await versionOf(options.db, original, copy.fromVersion).catch((error: unknown) => {
    if (error instanceof AppError && error.detail === "version_not_found") return null;
    throw error;
  });
  const from = took?.purged ? null : took;
  const edited =
    from === null ||
    from.title !== copy.title ||
    from.category !== copy.category ||
    from.promptText !== copy.promptText;
  return {
    original: { id: original.id, title: original.title },
    from,
    fromVersion: copy.fromVersion,
    current,
    copy: { title: copy.title, category: copy.category, promptText: copy.promptText },
    edited,
  };
}

/**
 * Brings a copy up to date with the original's version `seen`: takes its text and use case as a
 * new version of the copy ("original"), or keeps the copy as it is ("mine"). Either way the copy
 * then counts as current. When the original has moved past `seen`, nothing changes: the person
 * chose without seeing the newer version.
 */
export async function applyUpstream(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  take: UpstreamChoice;
  seen: number;
}): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  const { copy, original } = await copyAndOriginal(options.db, viewer, options.id);
  assertCanChange(copy, viewer);
  if (original.number !== options.seen) {
    throw new AppError(
      "conflict",
      "The original changed again: look at its newest version first",
      "original_changed",
    );
  }
  if (options.take === "original") {
    await writeVersion(options.db, viewer, copy.id, {
      content: {
        title: original.title,
        category: original.category,
        promptText: original.promptText,
      },
      note: `Updated from the original's version ${original.number}`,
      restoredFrom: null,
      sourceVersion: original.number,
    });
  } else {
    await options.db
      .update(prompts)
      .set({ sourceVersion: original.number })
      .where(eq(prompts.id, copy.id));
  }
  return getPrompt({ db: options.db, viewer, id: copy.id });
}

async function copyAndOriginal(db: Database, viewer: Viewer, id: string) {
  assertPromptId(id);
  const [copy] = await db
    .select({
      id: prompts.id,
      ...standingColumns(viewer),
      title: prompts.title,
      category: prompts.category,
      promptText: prompts.promptText,
      originalId: prompts.sourcePromptId,
      fromVersion: prompts.sourceVersion,
    })
    .from(prompts)
    .where(and(eq(prompts.id, id), readableBy(viewer)));
  if (!copy) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  const { originalId, fromVersion } = copy;
  if (originalId === null || fromVersion === null) {
    throw new AppError("not_found", "This prompt has no original", "original_not_found");
  }
  const original = await visiblePrompt(db, viewer, originalId).catch((error: unknown) => {
    if (error instanceof AppError && error.detail === "prompt_not_found") {
      throw new AppError("not_found", "The original was removed", "original_not_found");
    }
    throw error;
  });
  return { copy: { ...copy, fromVersion }, original };
}
