import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./app-env.ts";
import { errorResponse } from "./errors.ts";
import { oauthClientEndpoints } from "./oauth-endpoints.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request from a browser must come from our own pages: its Origin is ours, or,
 * without an Origin, the browser marks it same-origin. A request with neither header is not from
 * a browser (browsers send Origin on every POST), so there is no cookie-riding to prevent.
 * Nor is there with an access token as the credential, which a browser never adds by itself.
 */
export function crossSiteRequestCheck(publicOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (safeMethods.has(c.req.method) || c.get("byToken")) return next();
    if (oauthClientEndpoints.has(c.req.path)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const allowed = origin ? origin === publicOrigin : !fetchSite || fetchSite === "same-origin";
    if (!allowed) {
      return errorResponse(c, new AppError("forbidden", "Cross-site request refused"));
    }
    return next();
  };
}
