import { type Context, Hono } from "hono";
import type { ServerBuild } from "react-router";
import type { PublicRender, RenderAsked } from "../cache/kept-answers.ts";
import type { AppEnv } from "./app-env.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import type { RequestContext } from "./request-context.ts";
import { securityHeaders } from "./security-headers.ts";

/**
 * Renders public pages (shared/pages.ts) from their address alone. The page gets a GET of that
 * address at PUBLIC_URL with no headers at all: no cookie, no Authorization, no language, no
 * forwarding, no referrer. No session or token middleware runs, and the viewer is not in the
 * page's context, so a loader or component has nothing of the visitor to read. The answer has
 * the security headers every page has, with its own script nonce; it is not compressed (the
 * page cache compresses what it keeps, and the route what it sends as it is).
 */
export function publicPageRenderer(options: {
  loadBuild: () => Promise<ServerBuild>;
  mode: string;
  publicOrigin: string;
  https: boolean;
  signInOrigin: string;
  services: Pick<RequestContext, "db" | "config" | "publicPrompts" | "highlights">;
}): PublicRender {
  /** What each render heard of the request that asked, for its log and its stored copy. */
  const heard = new WeakMap<Request, RenderAsked>();
  const askedOf = (c: Context<AppEnv>) => {
    const asked = heard.get(c.req.raw);
    if (!asked) throw new Error("a public page is rendered only through its renderer");
    return asked;
  };
  const app = new Hono<AppEnv>();
  app.use((c, next) => {
    const { log, requestId } = askedOf(c);
    c.set("log", log);
    c.set("requestId", requestId);
    return next();
  });
  app.use(securityHeaders({ https: options.https, signInOrigin: options.signInOrigin }));
  app.get(
    "*",
    reactRouterHandler({
      loadBuild: options.loadBuild,
      mode: options.mode,
      publicOrigin: options.publicOrigin,
      services: (c) => ({
        ...options.services,
        log: c.get("log"),
        requestId: c.get("requestId"),
        cspNonce: c.get("secureHeadersNonce") ?? "",
        showsPrompts: askedOf(c).showsPrompts,
      }),
    }),
  );
  // A failure is the app's to answer (a 503 while the database is down, say), as for any page.
  app.onError((error) => {
    throw error;
  });
  return async (address, asked) => {
    const request = new Request(`${options.publicOrigin}${address}`);
    heard.set(request, asked);
    return app.fetch(request);
  };
}
