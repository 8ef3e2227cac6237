import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Database } from "../db/client.ts";
import { exchangeCode } from "../oauth/exchange-code.ts";
import { OAuthError } from "../oauth/oauth-error.ts";
import { authorizationServerMetadata, protectedResourceMetadata } from "../oauth/oauth-metadata.ts";
import { refreshGrant } from "../oauth/refresh-grant.ts";
import { registerClient } from "../oauth/register-client.ts";
import { revokeGrant } from "../oauth/revoke-grant.ts";
import { clientAddress } from "../security/client-address.ts";
import { createMemoryRateLimiter } from "../security/rate-limiter.ts";
import { isStorableText } from "../validation.ts";
import type { AppEnv } from "./app-env.ts";
import { oauthClientEndpoints } from "./oauth-endpoints.ts";

/** Registrations a client address may make in a minute; an app registers once per install. */
export const registrationsPerMinute = 20;

/**
 * The MCP authorization endpoints an OAuth client calls from anywhere (the consent page itself,
 * /oauth/authorize, is a page: app/routes/oauth/consent.tsx). None reads a cookie: a client
 * identifies itself by client_id, and its grants by their tokens.
 */
export function oauthRoutes(options: {
  db: Database;
  publicOrigin: string;
  trustedProxies: number;
  /** Drops an access token this instance ended from its memory (refresh-grant.ts). */
  forgetToken: (tokenHash: string) => void;
}) {
  const { db, publicOrigin: origin } = options;
  const routes = new Hono<AppEnv>();
  const registrations = createMemoryRateLimiter();

  const resourceMetadata = (c: Context<AppEnv>) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(protectedResourceMetadata(origin));
  };
  routes.get("/.well-known/oauth-protected-resource", resourceMetadata);
  routes.get("/.well-known/oauth-protected-resource/mcp", resourceMetadata);
  routes.get("/.well-known/oauth-authorization-server", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(authorizationServerMetadata(origin));
  });

  routes.post("/oauth/register", async (c) => {
    c.header("Cache-Control", "no-store");
    const decision = registrations(
      `oauth-register:${clientAddress(c, options.trustedProxies)}`,
      registrationsPerMinute,
    );
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfter));
      return oauthFailure(
        c,
        new OAuthError("too_many_requests", "Too many registrations. Please wait a minute.", 429),
      );
    }
    const body = await c.req.json().catch(() => undefined);
    return answer(c, async () => c.json(await registerClient({ db, body }), 201));
  });

  routes.post("/oauth/token", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Pragma", "no-cache");
    return answer(c, async () => {
      const form = await formOf(c);
      const grantType = form.get("grant_type");
      if (grantType === "authorization_code") {
        return c.json(await exchangeCode({ db, origin, form }));
      }
      if (grantType === "refresh_token") {
        return c.json(await refreshGrant({ db, origin, form, forgetToken: options.forgetToken }));
      }
      if (!grantType) throw new OAuthError("invalid_request", "grant_type is required");
      throw new OAuthError("unsupported_grant_type", `grant_type ${grantType} is not supported`);
    });
  });

  routes.post("/oauth/revoke", async (c) => {
    c.header("Cache-Control", "no-store");
    return answer(c, async () => {
      await revokeGrant({ db, form: await formOf(c) });
      return c.json({});
    });
  });

  return routes;
}

/** The endpoint's answer, or its refusal in the RFC's JSON shape. */
async function answer(c: Context<AppEnv>, respond: () => Promise<Response>) {
  try {
    return await respond();
  } catch (error) {
    if (error instanceof OAuthError) return oauthFailure(c, error);
    throw error;
  }
}

function oauthFailure(c: Context<AppEnv>, error: OAuthError) {
  return c.json(error.body(), error.status);
}

/** A form-encoded body (RFC 6749 §3.2), read by `oauthForm`. */
async function formOf(c: Context<AppEnv>) {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthError(
      "invalid_request",
      "Send the request as application/x-www-form-urlencoded",
    );
  }
  return oauthForm(await c.req.text());
}

/** More parameters than any OAuth request has: a token request has eight at most. */
export const oauthFormParameterLimit = 32;

/**
 * An OAuth form's parameters, at most `oauthFormParameterLimit`, each at most once, and none with
 * text the database cannot take (a NUL): a client_id or a token is looked up as it is sent.
 */
export function oauthForm(body: string) {
  if (separatorsOver(body, oauthFormParameterLimit - 1)) {
    throw new OAuthError(
      "invalid_request",
      `The request has more than ${oauthFormParameterLimit} parameters`,
    );
  }
  const form = new URLSearchParams(body);
  const seen = new Set<string>();
  for (const [name, value] of form) {
    if (seen.has(name)) throw new OAuthError("invalid_request", `${name} is given more than once`);
    seen.add(name);
    if (!isStorableText(name) || !isStorableText(value)) {
      throw new OAuthError(
        "invalid_request",
        `${isStorableText(name) ? name : "A parameter"} has a NUL character`,
      );
    }
  }
  return form;
}

/** Whether the form has more than `most` `&`, counted without splitting it. */
function separatorsOver(body: string, most: number) {
  let count = 0;
  for (let at = body.indexOf("&"); at !== -1; at = body.indexOf("&", at + 1)) {
    if (++count > most) return true;
  }
  return false;
}

const crossOriginPaths = new Set([
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
  "/.well-known/oauth-authorization-server",
  ...oauthClientEndpoints,
  "/mcp",
]);

/**
 * MCP clients running in a browser (hosted inspectors, web apps) call these from their own
 * origin: any origin may, without credentials (no cookie is ever read by them; the token is
 * the credential). The preflight is answered here, before anything looks at the request.
 */
export function oauthCrossOrigin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!crossOriginPaths.has(c.req.path)) return next();
    if (c.req.method === "OPTIONS") {
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": c.req.path === "/mcp" ? "POST, GET, DELETE" : "GET, POST",
        "Access-Control-Allow-Headers":
          "Authorization, Content-Type, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
        "Access-Control-Max-Age": "7200",
      });
    }
    await next();
    c.res.headers.set("Access-Control-Allow-Origin", "*");
    c.res.headers.set("Access-Control-Expose-Headers", "WWW-Authenticate, Mcp-Session-Id");
  };
}
