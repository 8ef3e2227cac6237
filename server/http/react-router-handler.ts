import type { Context, Handler } from "hono";
import {
  createRequestHandler,
  type RequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import type { Viewer } from "../auth/viewer.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { AppEnv } from "./app-env.ts";
import type { RequestContext } from "./request-context.ts";
import { unavailableResponse } from "./unavailable.ts";

type ViewerLookup = () => Promise<Viewer | null>;

type BuildWithContext = ServerBuild & {
  entry: {
    module: {
      appContext?: RouterContext<RequestContext>;
      viewerContext?: RouterContext<ViewerLookup>;
    };
  };
};

/**
 * Hands a request to React Router, with the request's services in context and, given `viewer`,
 * who is asking. Without it (public pages) the viewer is not in the context at all.
 */
export function reactRouterHandler(options: {
  loadBuild: () => Promise<ServerBuild>;
  mode: string;
  publicOrigin: string;
  services: (c: Context<AppEnv>) => Omit<RequestContext, "reportError">;
  viewer?: (c: Context<AppEnv>) => ViewerLookup;
}): Handler<AppEnv> {
  const handlers = new WeakMap<ServerBuild, RequestHandler>();
  return async (c) => {
    const build = (await options.loadBuild()) as BuildWithContext;
    const key = build.entry.module.appContext;
    const viewerKey = build.entry.module.viewerContext;
    if (!key || !viewerKey) {
      throw new Error("entry.server must export appContext and viewerContext");
    }
    let handler = handlers.get(build);
    if (!handler) {
      handler = createRequestHandler(build, options.mode);
      handlers.set(build, handler);
    }
    let databaseUnavailable = false;
    const reportError = (error: unknown) => {
      if (isDatabaseUnavailable(error)) databaseUnavailable = true;
      else c.get("log").error({ err: error }, "page failed");
    };
    const context = new RouterContextProvider();
    context.set(key, { ...options.services(c), reportError });
    if (options.viewer) context.set(viewerKey, options.viewer(c));
    const response = await handler(atPublicOrigin(c.req.raw, options.publicOrigin), context);
    if (!databaseUnavailable) return response;
    // The page rendered its error boundary; the visitor is better told the truth, with a 503.
    await response.body?.cancel();
    return unavailableResponse(c);
  };
}

/**
 * The request as addressed to PUBLIC_URL. Behind a proxy the server sees http://internal-host,
 * while browsers say Origin: https://public-host; React Router compares the two on every form
 * post, and loaders build links from request.url. (Origin was already checked against PUBLIC_URL.)
 */
function atPublicOrigin(request: Request, publicOrigin: string) {
  const url = new URL(request.url);
  if (url.origin === publicOrigin) return request;
  const canonical = new URL(url.pathname + url.search, publicOrigin);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(canonical, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}
