import type { Context, MiddlewareHandler } from "hono";
import type { KeptAnswers } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { assertTokenMay, type TokenOperation } from "../tokens/token-access.ts";
import type { AppEnv } from "./app-env.ts";
import { errorResponse } from "./errors.ts";

const reading = new Set(["GET", "HEAD", "OPTIONS"]);

/** The key a token's requests are counted under, whoever answers them. */
export function tokenRequestKey(tokenId: string) {
  return `token:${tokenId}`;
}

/** Where an access token is accepted in place of the session cookie. */
export function takesBearer(path: string) {
  return path.startsWith("/api/") || path === "/mcp";
}

/** The token in an `Authorization: Bearer` header; undefined for any other form. */
export function bearerToken(header: string | undefined) {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * A request to the API or /mcp with an `Authorization: Bearer` header is that token's, and the
 * cookie plays no part: the viewer is the token's person (with its scope), an unknown, revoked
 * or expired token is 401 at once (as is an MCP client's OAuth token anywhere but /mcp), and a
 * read token's writes are 403 before any route runs. Each token's requests are limited per
 * minute in this instance's memory; its writes also count towards its person's writes, like a
 * browser's.
 */
export function bearerAccess(options: {
  db: Database;
  tokens: KeptAnswers["tokens"];
  tokenRequests: KeptAnswers["tokenRequests"];
  adminEmails: ReadonlySet<string>;
  requestsPerMinute: number;
  publicOrigin: string;
}): MiddlewareHandler<AppEnv> {
  const limiter = options.tokenRequests;
  return async (c, next) => {
    const header = c.req.header("authorization");
    // Another scheme (a proxy's Basic sign-in, say) is not ours: the cookie decides, as without.
    if (!/^bearer(\s|$)/i.test(header ?? "") || !takesBearer(c.req.path)) return next();
    const token = bearerToken(header);
    const found = token
      ? await options.tokens.resolve(options.db, token, options.adminEmails)
      : null;
    // A token an MCP client got by OAuth was granted for /mcp alone (its audience).
    const viewer = found?.token?.mcpOnly && c.req.path !== "/mcp" ? null : found;
    if (!viewer) {
      c.header(
        "WWW-Authenticate",
        bearerChallenge(options.publicOrigin, c.req.path, "invalid_token"),
      );
      return errorResponse(
        c,
        new AppError(
          "unauthenticated",
          "This access token is not valid: it may be revoked or expired",
        ),
      );
    }
    c.set("viewer", async () => viewer);
    c.set("byToken", true);
    const decision = limiter(tokenRequestKey(viewer.token?.id ?? ""), options.requestsPerMinute);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfter));
      return errorResponse(
        c,
        new AppError("rate_limited", "Too many requests with this token. Please wait a moment."),
      );
    }
    assertTokenMay(viewer, operationOf(c));
    return next();
  };
}

/**
 * The WWW-Authenticate of a 401: for /mcp it names the protected resource's metadata, where an
 * MCP client finds how to obtain a token (RFC 9728, as the MCP authorization spec asks).
 */
export function bearerChallenge(publicOrigin: string, path: string, error?: "invalid_token") {
  const parts = error ? [`error="${error}"`] : [];
  if (path === "/mcp") {
    parts.push(`resource_metadata="${publicOrigin}/.well-known/oauth-protected-resource/mcp"`);
  }
  return parts.length ? `Bearer ${parts.join(", ")}` : "Bearer";
}

function operationOf(c: Context<AppEnv>): TokenOperation {
  // MCP speaks JSON-RPC over POST: each tool asks for itself (server/mcp/). What only a browser
  // may do (tokens, the account) is refused by those operations themselves.
  if (c.req.path === "/mcp") return "read";
  return reading.has(c.req.method) ? "read" : "write";
}
