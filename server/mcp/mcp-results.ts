import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Prompt } from "../../shared/prompt.ts";
import { templateVariables } from "../../shared/template.ts";
import { asAppError } from "../errors.ts";

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
export async function toolResult(run: () => Promise<unknown>): Promise<CallToolResult> {
  return toolText(async () => JSON.stringify(await run()));
}

/**
 * Runs a tool whose answer is JSON text already; a refusal (not found, read-only token, bad
 * input) becomes the tool's error, in words a model can act on, rather than a protocol failure.
 * Anything else is thrown on.
 */
export async function toolText(run: () => Promise<string>): Promise<CallToolResult> {
  try {
    return { content: [{ type: "text", text: await run() }] };
  } catch (error) {
    const known = asAppError(error);
    if (!known || known.code === "internal" || known.code === "unavailable") throw error;
    return {
      isError: true,
      content: [
        { type: "text", text: JSON.stringify({ error: known.code, message: known.message }) },
      ],
    };
  }
}
