import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

/** The MCP specification's code for a resource that does not exist (it has no name in the SDK). */
const resourceNotFound = -32002;

/**
 * MCP resources: none. The library is reached through the tools and the prompts; resources are
 * still offered, and listed as none, because clients and inspectors ask for them and an
 * unknown method (-32601) reads to them as a broken server.
 */
export function registerResourceHandlers(server: McpServer) {
  server.server.registerCapabilities({ resources: {} });
  server.server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [],
  }));
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    throw new McpError(resourceNotFound, `No resource at ${request.params.uri}`);
  });
}
