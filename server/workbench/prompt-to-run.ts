import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { fillForRun } from "../mcp/fill-template.ts";
import { versionOf, visiblePrompt } from "../versions/history.ts";
import { type RunnablePrompt, requireRunnablePrompt } from "./prompt-workbench-access.ts";

/** A version's text, the current one's or an earlier one's. */
export async function versionText(
  db: Database,
  viewer: Viewer,
  prompt: RunnablePrompt,
  version: number | undefined,
) {
  if (version === undefined || version === prompt.version) {
    return { version: prompt.version, promptText: prompt.promptText };
  }
  const found = await versionOf(db, await visiblePrompt(db, viewer, prompt.id), version);
  if (found.purged) {
    throw new AppError(
      "conflict",
      `Version ${version} was purged: it has no text to run.`,
      "version_purged",
    );
  }
  return { version, promptText: found.promptText };
}

/**
 * What a run sends: the prompt's text at the version asked for (or the text given), its
 * snippets expanded from the viewer's own prompts and its variables filled with the values.
 */
export async function promptToRun(options: {
  db: Database;
  viewer: Viewer;
  promptId?: string | undefined;
  version?: number | undefined;
  promptText?: string | undefined;
  values: Readonly<Record<string, string>>;
}) {
  const { db, viewer } = options;
  if (options.promptId === undefined) {
    const text = await fillForRun({
      db,
      viewer,
      template: { promptText: options.promptText ?? "" },
      values: options.values,
    });
    return { text, prompt: null };
  }
  const prompt = await requireRunnablePrompt(db, viewer, options.promptId);
  const { version, promptText } = await versionText(db, viewer, prompt, options.version);
  const text = await fillForRun({
    db,
    viewer,
    template: { id: prompt.id, title: prompt.title, promptText },
    values: options.values,
  });
  return { text, prompt: { ...prompt, runVersion: version } };
}
