import type { MiddlewareHandler } from "hono";
import { type CookieNames, expiredCookie, readCookie, sessionCookie } from "../auth/cookies.ts";
import { resolveSession, type SessionSettings } from "../auth/sessions.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * Gives each request a lazy viewer lookup. Pages that are the same for everyone never ask, so
 * they never touch the sessions table. A renewed or dead session updates the cookie.
 */
export function sessionMiddleware(options: {
  db: Database;
  cookies: CookieNames;
  https: boolean;
  settings: SessionSettings;
  adminEmails: ReadonlySet<string>;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let lookup: Promise<Viewer | null> | undefined;
    let cookieUpdate: string | undefined;
    c.set("viewer", () => {
      lookup ??= (async () => {
        const token = readCookie(c.req.header("cookie"), options.cookies.session);
        if (!token) return null;
        const found = await resolveSession(options.db, token, {
          ...options.settings,
          adminEmails: options.adminEmails,
        });
        if (!found) {
          cookieUpdate = expiredCookie(options.cookies.session, options.https);
          return null;
        }
        if (found.renewedUntil) {
          cookieUpdate = sessionCookie(options.cookies, options.https, token, found.renewedUntil);
        }
        return found.viewer;
      })();
      return lookup;
    });
    await next();
    if (cookieUpdate && !c.res.headers.get("set-cookie")?.includes(`${options.cookies.session}=`)) {
      c.res.headers.append("Set-Cookie", cookieUpdate);
    }
  };
}
