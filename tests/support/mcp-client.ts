import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * The SDK's own MCP client, connected to our /mcp with an access token: through `fetch` when
 * given (an app in this process), else over the network to `origin`.
 */
export async function connectMcp(options: {
  origin: string;
  token: string;
  fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
}) {
  const client = new Client({ name: "promptshelf-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", options.origin), {
    requestInit: { headers: { Authorization: `Bearer ${options.token}` } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  await client.connect(transport);
  return client;
}

/** A tool's answer, parsed: our tools answer compact JSON as their one text item. */
export function toolJson(result: unknown) {
  const content = (result as CallToolResult).content[0];
  if (content?.type !== "text") throw new Error("tool answered no text");
  return { isError: (result as CallToolResult).isError === true, value: JSON.parse(content.text) };
}
