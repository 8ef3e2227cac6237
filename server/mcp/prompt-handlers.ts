import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { asAppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { parseInput } from "../validation.ts";
import { expandedTemplate, fillForMcp, templateValues } from "./fill-template.ts";
import { offeredPrompts, promptArguments } from "./offered-prompts.ts";

const pageSize = 100;

/**
 * MCP prompts: the person's starred prompts and templates, their variables as arguments. They
 * are read when a client asks, not registered up front, so a search call never pays for them.
 */
export function registerPromptHandlers(
  server: McpServer,
  options: { db: Database; viewer: Viewer; log: Logger },
) {
  const { db, viewer } = options;
  /** A failure that is not the client's is logged and answered in general words. */
  const guarded =
    <A, R>(handle: (request: A) => Promise<R>) =>
    async (request: A) => {
      try {
        return await handle(request);
      } catch (error) {
        if (error instanceof McpError) throw error;
        options.log.error({ err: error }, "MCP prompt request failed");
        throw new McpError(ErrorCode.InternalError, "Something went wrong. Please try again.");
      }
    };
  server.server.registerCapabilities({ prompts: { listChanged: false } });

  server.server.setRequestHandler(
    ListPromptsRequestSchema,
    guarded(async (request) => {
      const start = Number(request.params?.cursor ?? 0);
      if (!Number.isInteger(start) || start < 0) {
        throw new McpError(ErrorCode.InvalidParams, "Unknown cursor");
      }
      const offered = await offeredPrompts(db, viewer);
      const page = offered.slice(start, start + pageSize);
      return {
        prompts: page.map((prompt) => ({
          name: prompt.name,
          title: prompt.title,
          // The owner's description when there is one, else the text's first line.
          description: prompt.description ?? firstLine(prompt.text),
          arguments: promptArguments(prompt.text),
        })),
        nextCursor: start + pageSize < offered.length ? String(start + pageSize) : undefined,
      };
    }),
  );

  server.server.setRequestHandler(
    GetPromptRequestSchema,
    guarded(async (request) => {
      const offered = await offeredPrompts(db, viewer);
      const prompt = offered.find((candidate) => candidate.name === request.params.name);
      if (!prompt)
        throw new McpError(ErrorCode.InvalidParams, `No prompt named ${request.params.name}`);
      let text: string;
      try {
        const values = parseInput(templateValues, request.params.arguments ?? {});
        const expanded = await expandedTemplate({
          db,
          viewer,
          prompt: { id: prompt.id, title: prompt.title, promptText: prompt.text },
        });
        text = fillForMcp(expanded, values, viewer);
      } catch (error) {
        const refused = asAppError(error);
        if (refused?.code === "invalid_input") {
          throw new McpError(ErrorCode.InvalidParams, refused.message);
        }
        throw error;
      }
      return {
        description: prompt.title,
        messages: [{ role: "user", content: { type: "text", text } }],
      };
    }),
  );
}

function firstLine(text: string) {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
