import type { IncomingMessage, ServerResponse } from "node:http";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { KeptAnswers } from "../cache/kept-answers.ts";
import type { Logger } from "../logger.ts";
import { searchInput } from "../mcp/read-tools.ts";
import { bearerToken, tokenRequestKey } from "./bearer-access.ts";
import { logOutcome, requestIdFor } from "./request-logging.ts";

/** A search call is a few hundred bytes; a body larger than this goes to the app. */
const largestBody = 16 * 1024;

/**
 * An MCP client's `search_prompts` call whose answer is kept in memory, answered by the Node
 * listener itself, as kept pages are (decisions 0008 and 0014): the token's person and the
 * answer come from memory, the token's requests are counted in the same place the app counts
 * them, and nothing else runs. Anything this does not answer, whatever the reason, goes to the
 * app, which answers it in full (the body read here is handed on as `rawBody`, which Hono's Node
 * adapter takes as the request's body). Browsers (an Origin header) always go to the app, which
 * adds the CORS headers.
 */
export function mcpFromMemory(options: {
  kept: Pick<KeptAnswers, "tokens" | "searches" | "tokenRequests">;
  tokenRequestsPerMinute: number;
  log: Logger;
}) {
  return async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const started = performance.now();
    const { headers } = req;
    const token = bearerToken(headers.authorization);
    const viewer = token ? options.kept.tokens.peek(token) : null;
    const length = Number(headers["content-length"]);
    const version = headers["mcp-protocol-version"];
    const versionKnown =
      version === undefined ||
      (typeof version === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(version));
    const accept = headers.accept ?? "";
    if (
      !viewer?.token ||
      viewer.isAdmin ||
      headers.origin !== undefined ||
      !/^application\/json\b/i.test(headers["content-type"] ?? "") ||
      !accept.includes("application/json") ||
      !accept.includes("text/event-stream") ||
      !versionKnown ||
      !Number.isInteger(length) ||
      length <= 0 ||
      length > largestBody
    ) {
      return false;
    }
    const body = await readBody(req, length);
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
    const call = searchCall(body);
    if (!call) return false;
    const input = searchInput.safeParse(call.arguments);
    if (!input.success) return false;
    const text = options.kept.searches.peek({
      userId: viewer.userId,
      isAdmin: viewer.isAdmin,
      key: JSON.stringify(input.data),
      showsCommunity: input.data.scope !== "personal",
    });
    if (text === undefined) return false;
    const decision = options.kept.tokenRequests(
      tokenRequestKey(viewer.token.id),
      options.tokenRequestsPerMinute,
    );
    // Over the limit: the app refuses it, with its Retry-After.
    if (!decision.allowed) return false;
    const requestId = requestIdFor(headers["x-request-id"]);
    const answer = JSON.stringify({
      result: { content: [{ type: "text", text }] },
      jsonrpc: "2.0",
      id: call.id,
    });
    res.writeHead(200, {
      "content-type": "application/json",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-request-id": requestId,
    });
    res.end(answer);
    logOutcome(options.log, { requestId, method: "POST", path: "/mcp", status: 200, started });
    return true;
  };
}

/** The whole body (Node's parser ends it at its stated length). */
async function readBody(req: IncomingMessage, length: number) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks, length);
}

/** The one JSON-RPC request of the body, when it calls search_prompts; else undefined. */
function searchCall(body: Buffer): { id: string | number; arguments: unknown } | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  if (jsonrpc !== "2.0" || method !== "tools/call") return undefined;
  if (typeof id !== "string" && (typeof id !== "number" || !Number.isInteger(id))) return undefined;
  if (typeof params !== "object" || params === null) return undefined;
  const { name, arguments: args } = params as Record<string, unknown>;
  if (name !== "search_prompts") return undefined;
  return { id, arguments: args ?? {} };
}
