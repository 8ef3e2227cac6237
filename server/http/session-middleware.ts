import type { MiddlewareHandler } from "hono";
import { type CookieNames, expiredCookie, readCookie, sessionCookie } from "../auth/cookies.ts";
import type { SessionSettings } from "../auth/sessions.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { KeptAnswers } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import type { AppEnv } from "./app-env.ts";

/** For an answer that depends on who asks: no cache, shared or not, may keep it. */
export const personalCacheControl = "private, no-store";

/**
 * Marks an answer as this person's alone. One that already forbids keeping it (a signed-in
 * page, the API) keeps its own word.
 */
export function markPersonal(response: Response) {
  if (/\bno-store\b/.test(response.headers.get("cache-control") ?? "")) return;
  response.headers.set("Cache-Control", personalCacheControl);
}

/**
 * Gives each request a lazy viewer lookup (from memory when the kept sessions allow). Pages that
 * are the same for everyone never ask, so they never touch the sessions table. A renewed or dead
 * session updates the cookie.
 *
 * Whatever asked for the viewer made its answer depend on the session, with a cookie or
 * without (a visitor's /login is a page, a person's is a redirect), so that answer is marked
 * private, no-store: a CDN must never hand one person's variant to another.
 */
export function sessionMiddleware(options: {
  db: Database;
  cookies: CookieNames;
  https: boolean;
  settings: SessionSettings;
  adminEmails: ReadonlySet<string>;
  sessions: KeptAnswers["sessions"];
}): MiddlewareHandler<AppEnv> {
  const settings = { ...options.settings, adminEmails: options.adminEmails };
  return async (c, next) => {
    let lookup: Promise<Viewer | null> | undefined;
    let cookieUpdate: string | undefined;
    let asked = false;
    const token = readCookie(c.req.header("cookie"), options.cookies.session);
    c.set("viewer", () => {
      asked = true;
      lookup ??= (async () => {
        if (!token) return null;
        const found = await options.sessions.resolve(options.db, token, settings);
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
    if (asked) markPersonal(c.res);
    if (cookieUpdate && !c.res.headers.get("set-cookie")?.includes(`${options.cookies.session}=`)) {
      c.res.headers.append("Set-Cookie", cookieUpdate);
    }
  };
}
