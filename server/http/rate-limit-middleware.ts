import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import { clientAddress } from "../security/client-address.ts";
import type { RateDecision, RateLimiter } from "../security/rate-limiter.ts";
import type { AppEnv } from "./app-env.ts";
import { errorResponse } from "./errors.ts";

const reading = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Sign-in attempts are limited per client address, and every write (API or form) per person
 * (per address for visitors). Over the limit: 429 with Retry-After.
 */
export function rateLimitMiddleware(options: {
  limiter: RateLimiter;
  signInPerMinute: number;
  writesPerMinute: number;
  trustedProxies: number;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (path === "/auth/login" || path === "/auth/callback") {
      const address = clientAddress(c, options.trustedProxies);
      const decision = await options.limiter(`sign-in:${address}`, options.signInPerMinute);
      if (!decision.allowed)
        return refuse(
          c,
          decision,
          "Too many sign-in attempts. Please wait a minute and try again.",
        );
    } else if (!reading.has(c.req.method)) {
      const viewer = await c.get("viewer")();
      const key = viewer
        ? `write:user:${viewer.userId}`
        : `write:address:${clientAddress(c, options.trustedProxies)}`;
      const decision = await options.limiter(key, options.writesPerMinute);
      if (!decision.allowed)
        return refuse(
          c,
          decision,
          "Too many changes in a minute. Please wait a moment and try again.",
        );
    }
    return next();
  };
}

function refuse(c: Context<AppEnv>, decision: RateDecision, message: string) {
  c.header("Retry-After", String(decision.retryAfter));
  c.get("log").warn({ path: c.req.path }, "rate limited");
  if (c.req.path.startsWith("/api/"))
    return errorResponse(c, new AppError("rate_limited", message));
  return c.text(message, 429);
}
