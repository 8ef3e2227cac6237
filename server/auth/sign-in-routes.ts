import { eq, lt } from "drizzle-orm";
import { Hono } from "hono";
import { flashCookie } from "../../shared/flash.ts";
import { messages } from "../../shared/messages.ts";
import { type Config, servesHttps } from "../config.ts";
import type { Database } from "../db/client.ts";
import { signInAttempts } from "../db/schema.ts";
import type { AppEnv } from "../http/app-env.ts";
import { upsertAccount } from "./accounts.ts";
import {
  type CookieNames,
  expiredCookie,
  readCookie,
  sessionCookie,
  signInCookie,
} from "./cookies.ts";
import { type OidcClient, SignInError } from "./oidc-client.ts";
import { createSession, deleteSession } from "./sessions.ts";
import { randomToken, sha256 } from "./tokens.ts";
import { isAdminEmail } from "./viewer.ts";

const attemptLifetimeSeconds = 10 * 60;

/**
 * POST /auth/login leaves for the identity provider, /auth/callback comes back, /auth/logout
 * ends it.
 */
export function signInRoutes(options: {
  config: Config;
  db: Database;
  oidc: OidcClient;
  cookies: CookieNames;
}) {
  const { config, db, oidc, cookies } = options;
  const https = servesHttps(config);
  const routes = new Hono<AppEnv>();

  // Starting keeps an attempt in the database and spends the address's sign-in budget, so only
  // our own pages may do it: a POST, which the cross-site check refuses from any other site.
  // A GET (a link, or <img src="/auth/login"> anywhere) starts nothing and costs nothing.
  routes.get("/login", (c) => {
    c.header("Cache-Control", "no-store");
    return c.redirect("/login", 303);
  });

  routes.post("/login", async (c) => {
    c.header("Cache-Control", "no-store");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const returnTo = typeof form.returnTo === "string" ? form.returnTo : undefined;
    try {
      const { url, pending } = await oidc.start();
      const attemptId = randomToken();
      const now = Date.now();
      await db.delete(signInAttempts).where(lt(signInAttempts.expiresAt, new Date(now)));
      await db.insert(signInAttempts).values({
        idHash: sha256(attemptId),
        ...pending,
        returnTo: safeReturnPath(returnTo),
        expiresAt: new Date(now + attemptLifetimeSeconds * 1000),
      });
      c.header("Set-Cookie", signInCookie(cookies, https, attemptId, attemptLifetimeSeconds));
      return c.redirect(url.href, 303);
    } catch (error) {
      c.get("log").error({ err: error }, "could not start sign-in");
      c.header("Set-Cookie", flashCookie(messages.signInFailed(), https));
      return c.redirect("/", 303);
    }
  });

  routes.get("/callback", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Set-Cookie", expiredCookie(cookies.signIn, https), { append: true });
    const fail = (reason: string, providerMessage?: string) => {
      c.get("log").warn({ reason }, "sign-in refused");
      c.header("Set-Cookie", flashCookie(messages.signInFailed(providerMessage), https), {
        append: true,
      });
      return c.redirect("/", 302);
    };

    // The attempt is bound to this browser by its cookie, and used once: deleted as it is read.
    const attemptId = readCookie(c.req.header("cookie"), cookies.signIn);
    const [attempt] = attemptId
      ? await db
          .delete(signInAttempts)
          .where(eq(signInAttempts.idHash, sha256(attemptId)))
          .returning()
      : [];
    if (!attempt || attempt.expiresAt.getTime() < Date.now()) {
      return fail("no sign-in in progress for this browser");
    }

    try {
      const identity = await oidc.finish(new URL(c.req.url).search, attempt);
      const { userId } = await upsertAccount(db, identity);
      const session = await createSession(db, userId, config.session);
      c.header("Set-Cookie", sessionCookie(cookies, https, session.token, session.expiresAt), {
        append: true,
      });
      c.header(
        "Set-Cookie",
        flashCookie({ ...messages.welcome(identity.email), sessionChanged: true }, https),
        { append: true },
      );
      const isAdmin = isAdminEmail(config.adminEmails, identity.email);
      return c.redirect(landingPath(attempt.returnTo, isAdmin), 302);
    } catch (error) {
      if (error instanceof SignInError) return fail(error.message, error.providerMessage);
      c.get("log").error({ err: error }, "sign-in failed");
      c.header("Set-Cookie", flashCookie(messages.unexpectedSignInError, https), { append: true });
      return c.redirect("/", 302);
    }
  });

  routes.post("/logout", async (c) => {
    const token = readCookie(c.req.header("cookie"), cookies.session);
    if (token) await deleteSession(db, token);
    c.header("Set-Cookie", expiredCookie(cookies.session, https));
    c.header("Cache-Control", "no-store");
    if (c.req.header("accept")?.includes("application/json")) return c.json({ signedOut: true });
    c.header("Set-Cookie", flashCookie({ ...messages.signedOut, sessionChanged: true }, https), {
      append: true,
    });
    return c.redirect("/", 303);
  });

  return routes;
}

/** Sign-in started on the home or login page goes to the person's dashboard; elsewhere, back there. */
export function landingPath(returnTo: string, isAdmin: boolean) {
  if (returnTo === "/" || returnTo === "/login") return isAdmin ? "/admin" : "/dashboard";
  return returnTo;
}

// A path on this site in visible ASCII: browsers drop tabs and newlines and read "\\" as "/",
// so "/\t/evil.example" or "/\\evil.example" would leave the site.
const sitePath = /^\/(?![/\\])[!-~]*$/;

/** Only a path on this site: "/x", never "//host", "https://host" or one hidden by whitespace. */
export function safeReturnPath(value: string | undefined) {
  if (!value || !sitePath.test(value) || value.includes("\\")) return "/";
  return value;
}
