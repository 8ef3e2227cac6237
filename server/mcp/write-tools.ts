import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { tagsPerPrompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { KeptSearches } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { filePrompt } from "../folders/file-prompt.ts";
import { listFolders } from "../folders/list-folders.ts";
import { folderPaths } from "../library-data/export-library.ts";
import type { Logger } from "../logger.ts";
import { createPrompt } from "../prompts/create-prompt.ts";
import { deletePrompt } from "../prompts/delete-prompt.ts";
import { findSimilarPrompt } from "../prompts/find-similar-prompt.ts";
import { getPrompt } from "../prompts/get-prompt.ts";
import {
  confirmShare,
  promptTextSchema,
  tagName,
  useCaseSchema,
  versionNote,
} from "../prompts/prompt-input.ts";
import { updatePrompt } from "../prompts/update-prompt.ts";
import { tagPrompt } from "../tags/tag-prompt.ts";
import { assertTokenMay } from "../tokens/token-access.ts";
import { storableText } from "../validation.ts";
import { compactPrompt, toolResult } from "./mcp-results.ts";
import { folderIdOf } from "./read-tools.ts";

const confirmDescribed = confirmShare.describe(
  "Share even though the privacy check found secrets or personal data (API keys, private keys, emails, phone numbers); only after the person said so",
);

// Schemas are built once: a server is made for every request (mcp-routes.ts).
const saveInput = z.object({
  text: promptTextSchema.describe("The prompt; {{name}} marks a template variable"),
  useCase: useCaseSchema.optional().describe("What it is for; its first line is the title"),
  folder: storableText().max(2000).optional().describe("A folder's id or path"),
  tags: z.array(tagName).max(tagsPerPrompt).default([]),
  shared: z.boolean().default(false).describe("Share to the community library"),
  confirm: confirmDescribed,
});

const updateInput = z.object({
  id: z.string().describe("The prompt's id"),
  text: promptTextSchema.optional(),
  useCase: useCaseSchema.optional(),
  note: versionNote.optional().describe("What changed, kept with the version"),
  confirm: confirmDescribed,
});

/**
 * A saved prompt's answer with the person's most alike other prompt, if one is a near-duplicate,
 * as the API and the pages warn: the model can tell the person, or use that one instead.
 */
async function withSimilar(
  answer: ReturnType<typeof compactPrompt>,
  options: Omit<Parameters<typeof findSimilarPrompt>[0], "promptText">,
  promptText: string | undefined,
) {
  const similar = await findSimilarPrompt({ ...options, promptText });
  return similar
    ? {
        ...answer,
        similar: { id: similar.id, title: similar.title, similarity: similar.similarity },
      }
    : answer;
}

/** The tools that change the library: a token of the write scope only (token-access.ts). */
export function registerWriteTools(
  server: McpServer,
  options: {
    db: Database;
    viewer: Viewer;
    countWrite: () => Promise<void>;
    searches: KeptSearches;
    log: Logger;
  },
) {
  const { db, viewer, log } = options;
  const writes = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

  server.registerTool(
    "save_prompt",
    {
      title: "Save a prompt",
      description:
        "Saves a new prompt to the person's private library (or shares it to the community when shared is true), optionally into a folder and with tags. Needs a read-and-write token.",
      inputSchema: saveInput,
      annotations: writes,
    },
    (input) =>
      toolResult(log, async () => {
        assertTokenMay(viewer, "write");
        await options.countWrite();
        const paths = folderPaths(await listFolders({ db, viewer }));
        const folderId = input.folder === undefined ? null : folderIdOf(paths, input.folder);
        const created = await createPrompt({
          db,
          viewer,
          promptText: input.text,
          useCase: input.useCase,
          shared: input.shared,
          confirm: input.confirm,
        });
        try {
          if (folderId) await filePrompt({ db, viewer, id: created.id, folderId });
          for (const name of new Set(input.tags)) {
            await tagPrompt({ db, viewer, promptId: created.id, name });
          }
        } catch (error) {
          // All or nothing: a refused tag (the tag limit, say) must not leave the prompt saved
          // while the tool says it failed, or a model trying again saves it twice.
          await deletePrompt({ db, viewer, id: created.id });
          throw error;
        } finally {
          options.searches.wrote(viewer.userId);
        }
        const saved = await getPrompt({ db, viewer, id: created.id });
        return withSimilar(compactPrompt(saved, paths), { db, viewer, saved, log }, input.text);
      }),
  );

  server.registerTool(
    "update_prompt",
    {
      title: "Update a prompt",
      description:
        "Changes the text or use case of one of the person's prompts; the version it replaces stays in its history. Needs a read-and-write token.",
      inputSchema: updateInput,
      annotations: { ...writes, idempotentHint: true },
    },
    (input) =>
      toolResult(log, async () => {
        assertTokenMay(viewer, "write");
        await options.countWrite();
        if (input.text === undefined && input.useCase === undefined) {
          throw new AppError("invalid_input", "Nothing to change: give text or useCase");
        }
        const updated = await updatePrompt({
          db,
          viewer,
          id: input.id,
          promptText: input.text,
          useCase: input.useCase,
          note: input.note,
          confirm: input.confirm,
        });
        options.searches.wrote(viewer.userId);
        const paths = updated.folderId
          ? folderPaths(await listFolders({ db, viewer }))
          : new Map<string, string>();
        return withSimilar(
          compactPrompt(updated, paths),
          { db, viewer, saved: updated, log },
          input.text,
        );
      }),
  );
}
