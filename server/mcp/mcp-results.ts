import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Prompt } from "../../shared/prompt.ts";
import { templateVariables } from "../../shared/template.ts";
import { AppError, asAppError } from "../errors.ts";
import type { Logger } from "../logger.ts";

/**
 * A prompt as MCP tools return it: compact, with what a client needs to use it. In a search's
 * list the text is the card's excerpt (`truncated` when more follows; get_prompt has it whole),
 * with the text around the match when that lies further on.
 */
export function compactPrompt(prompt: Prompt, folders: ReadonlyMap<string, string>) {
  return {
    id: prompt.id,
    title: prompt.title,
    useCase: prompt.category ?? undefined,
    description: prompt.description ?? undefined,
    text: prompt.promptText,
    truncated: prompt.truncated || undefined,
    match: prompt.matchExcerpt,
    variables: prompt.truncated
      ? undefined
      : templateVariables(prompt.promptText).map((variable) =>
          variable.defaultValue ? `${variable.name}|${variable.defaultValue}` : variable.name,
        ),
    shared: prompt.isShared,
    own: prompt.isOwn,
    starred: prompt.isFavourite || undefined,
    folder: prompt.folderId ? folders.get(prompt.folderId) : undefined,
    tags: prompt.tags.length ? prompt.tags : undefined,
    version: prompt.version,
    updatedAt: prompt.updatedAt,
  };
}

/** A tool's answer: compact JSON as text, which every client shows and every model reads. */
export async function toolResult(
  log: Logger,
  run: () => Promise<unknown>,
): Promise<CallToolResult> {
  return toolText(log, async () => JSON.stringify(await run()));
}

/**
 * Runs a tool whose answer is JSON text already; a refusal (not found, read-only token, bad
 * input) becomes the tool's error, in words a model can act on, rather than a protocol failure.
 * Anything else is logged and answered in general words: a failed query's text (with its
 * parameters) must never reach the client.
 */
export async function toolText(log: Logger, run: () => Promise<string>): Promise<CallToolResult> {
  try {
    return { content: [{ type: "text", text: await run() }] };
  } catch (error) {
    const known =
      asAppError(error) ?? new AppError("internal", "Something went wrong. Please try again.");
    if (known.code === "internal" || known.code === "unavailable") {
      log.error({ err: error }, "MCP tool failed");
    }
    return {
      isError: true,
      content: [
        { type: "text", text: JSON.stringify({ error: known.code, message: known.message }) },
      ],
    };
  }
}
