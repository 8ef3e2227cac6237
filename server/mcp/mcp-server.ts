import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { Viewer } from "../auth/viewer.ts";
import type { KeptSearches } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { registerPromptHandlers } from "./prompt-handlers.ts";
import { registerReadTools } from "./read-tools.ts";
import { registerResourceHandlers } from "./resource-handlers.ts";
import { registerWriteTools } from "./write-tools.ts";

/**
 * One JSON Schema validator for every server: each would otherwise compile its own, which cost
 * more than the rest of a request (a search answered from memory) put together.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * The MCP server one request is answered by, acting as the token's person: every tool calls the
 * same domain operations (and so the same authorization) as the API and the pages.
 */
export function createMcpServer(options: {
  db: Database;
  viewer: Viewer;
  version: string;
  searches: KeptSearches;
  /** The request's logger: a tool that fails is logged here and answered in general words. */
  log: Logger;
  /** Counts a change towards its person's writes per minute; throws when over. */
  countWrite: () => Promise<void>;
}) {
  const server = new McpServer(
    { name: "promptshelf", title: "PromptShelf", version: options.version },
    {
      jsonSchemaValidator,
      instructions:
        "PromptShelf is the person's library of AI prompts. Use search_prompts to find one, get_prompt for its whole text, and render_template to fill its {{variables}}.",
    },
  );
  registerReadTools(server, options);
  registerWriteTools(server, options);
  registerPromptHandlers(server, options);
  registerResourceHandlers(server);
  return server;
}
