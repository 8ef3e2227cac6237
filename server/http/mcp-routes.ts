import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import type { KeptSearches } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { createMcpServer } from "../mcp/mcp-server.ts";
import type { AppEnv } from "./app-env.ts";
import { bearerChallenge } from "./bearer-access.ts";
import { errorResponse } from "./errors.ts";

/** Our MCP server's version, as it introduces itself to clients. */
const serverVersion = "1.0.0";

/**
 * /mcp: the Model Context Protocol over Streamable HTTP, stateless: each POST is answered by a
 * server made for it, acting as the access token's person, with a JSON response. There is no
 * session and no server-sent stream (a GET is 405, as the transport's spec allows). Without a
 * token the answer is 401 naming where to obtain one (OAuth, server/oauth/).
 */
export function mcpRoutes(options: {
  db: Database;
  publicOrigin: string;
  searches: KeptSearches;
  countWrite: (userId: string) => Promise<void>;
}) {
  const routes = new Hono<AppEnv>();

  routes.post("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const viewer = await c.get("viewer")();
    if (!viewer?.token) {
      c.header("WWW-Authenticate", bearerChallenge(options.publicOrigin, "/mcp"));
      return errorResponse(
        c,
        new AppError("unauthenticated", "An access token is needed: create one under Settings"),
      );
    }
    const server = createMcpServer({
      db: options.db,
      viewer,
      version: serverVersion,
      searches: options.searches,
      log: c.get("log"),
      countWrite: () => options.countWrite(viewer.userId),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    // Not closed after: with JSON answers and no session the transport holds no stream or
    // timer once it has answered, and closing built an error and aborted a signal per call
    // (a tenth of a kept search's CPU) only to be thrown away.
    return transport.handleRequest(c.req.raw, { parsedBody: await parsedBody(c.req.raw) });
  });

  routes.on(["GET", "DELETE"], "/", (c) => {
    c.header("Allow", "POST");
    return c.json(
      {
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed: POST only" },
        id: null,
      },
      405,
    );
  });

  return routes;
}

/**
 * The request's JSON, read straight from the socket (the Node adapter's direct path) and handed
 * to the transport, which would otherwise read it through a web stream built for the purpose: a
 * fifth of a kept search's CPU (decision 0014). A body that is not JSON is left to the transport,
 * which answers it as the protocol says (-32700), finding it already read.
 */
async function parsedBody(request: Request): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return undefined;
  try {
    return JSON.parse(await request.text()) as unknown;
  } catch {
    return undefined;
  }
}
