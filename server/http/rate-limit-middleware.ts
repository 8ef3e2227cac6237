import type { Context, MiddlewareHandler } from "hono";
import { type CookieNames, readCookie } from "../auth/cookies.ts";
import { AppError } from "../errors.ts";
import { clientAddress } from "../security/client-address.ts";
import {
  createMemoryRateLimiter,
  type RateDecision,
  type RateLimiter,
} from "../security/rate-limiter.ts";
import type { AppEnv } from "./app-env.ts";
import { errorResponse } from "./errors.ts";
import { oauthClientEndpoints } from "./oauth-endpoints.ts";

const reading = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Sign-in attempts are limited per client address, and every signed-in write (API or form) per
 * person, an import weighing one write per megabyte it sends. Over the limit: 429 with Retry-After, decided in memory once this process has seen
 * enough, so a flood costs no writes.
 *
 * A write without a signed-in person never costs a database write: the API refuses it here
 * with 401 (no query at all without a session cookie), and a page's form goes to its action,
 * which refuses it ("Please sign in") before touching anything. Those forms (and signing out)
 * are limited per address in this process's memory only, so a flood of them is refused with
 * 429 before any page is rendered.
 */
export function rateLimitMiddleware(options: {
  /** Counted in memory first (rate-limiter.ts), shared with the MCP tools that write. */
  limiter: RateLimiter;
  cookies: CookieNames;
  signInPerMinute: number;
  writesPerMinute: number;
  trustedProxies: number;
  /** The largest import; one sent without its length counts as that large. */
  importLimit: number;
}): MiddlewareHandler<AppEnv> {
  const { limiter } = options;
  const signedOutForms = createMemoryRateLimiter();
  return async (c, next) => {
    if (startsOrEndsSignIn(c, options.cookies)) {
      const address = clientAddress(c, options.trustedProxies);
      const decision = await limiter(`sign-in:${address}`, options.signInPerMinute);
      if (!decision.allowed)
        return refuse(
          c,
          decision,
          "Too many sign-in attempts. Please wait a minute and try again.",
        );
      return next();
    }
    // An MCP request is limited per token (bearer-access.ts); its writing tools count towards
    // their person's writes themselves (server/mcp/write-tools.ts). OAuth clients' endpoints
    // spend nobody's writes (oauth-endpoints.ts).
    if (
      reading.has(c.req.method) ||
      c.req.path === "/mcp" ||
      oauthClientEndpoints.has(c.req.path)
    ) {
      return next();
    }
    const viewer = await c.get("viewer")();
    if (!viewer) {
      if (c.req.path.startsWith("/api/"))
        return errorResponse(c, new AppError("unauthenticated", "Please sign in"));
      const address = clientAddress(c, options.trustedProxies);
      const decision = signedOutForms(`write:address:${address}`, options.writesPerMinute);
      if (!decision.allowed)
        return refuse(
          c,
          decision,
          "Too many changes in a minute. Please wait a moment and try again.",
        );
      return next();
    }
    const decision = await limiter(
      writesKey(viewer.userId),
      options.writesPerMinute,
      // Never more than a whole minute's budget, or a large import could never be let through.
      Math.min(writeWeight(c, options.importLimit), options.writesPerMinute),
    );
    if (!decision.allowed)
      return refuse(
        c,
        decision,
        "Too many changes in a minute. Please wait a moment and try again.",
      );
    return next();
  };
}

/** The key a person's writes are counted under, from a browser, the API or MCP. */
export function writesKey(userId: string) {
  return `write:user:${userId}`;
}

/** An import reads and writes much more than other writes: it counts one per megabyte sent. */
const importBytesPerWrite = 1_048_576;

function writeWeight(c: Context<AppEnv>, importLimit: number) {
  if (c.req.path !== "/api/v1/import") return 1;
  const length = Number(c.req.header("content-length") ?? Number.NaN);
  const size = Number.isFinite(length) && length >= 0 ? length : importLimit;
  return 1 + Math.floor(size / importBytesPerWrite);
}

/**
 * Starting a sign-in (a POST from our own pages) and coming back from the provider with one in
 * progress. A GET of /auth/login starts nothing, and a callback without the sign-in cookie is
 * refused at once, so neither is counted: another site cannot spend a visitor's budget.
 */
function startsOrEndsSignIn(c: Context<AppEnv>, cookies: CookieNames) {
  if (c.req.path === "/auth/login") return c.req.method === "POST";
  if (c.req.path === "/auth/callback") {
    return readCookie(c.req.header("cookie"), cookies.signIn) !== undefined;
  }
  return false;
}

function refuse(c: Context<AppEnv>, decision: RateDecision, message: string) {
  c.header("Retry-After", String(decision.retryAfter));
  c.get("log").warn({ path: c.req.path }, "rate limited");
  if (c.req.path.startsWith("/api/"))
    return errorResponse(c, new AppError("rate_limited", message));
  return c.text(message, 429);
}
