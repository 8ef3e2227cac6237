import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { developmentIdentityProvider } from "../auth/development-identity-provider.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./app-env.ts";
import type { InFlightRequests } from "./in-flight.ts";
import type { PublicPageCache } from "./public-page-cache.ts";
import { logOutcome, requestIdFor } from "./request-logging.ts";

export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The Node request listener: the development identity provider (when Google is not configured)
 * answers its own paths, Vite (in development) serves its modules, fresh public pages are sent
 * straight from memory, and the app gets the rest, counted while its handlers run.
 */
export function createNodeListener(options: {
  app: Pick<Hono<AppEnv>, "fetch">;
  config: Config;
  log: Logger;
  vite?: NodeMiddleware;
  inFlight: InFlightRequests;
  isDraining: () => boolean;
  publicPages: PublicPageCache;
}) {
  const appListener = getRequestListener(options.app.fetch);
  const provider =
    options.config.signIn.provider === "development"
      ? developmentIdentityProvider(options.config.signIn, options.log)
      : undefined;
  const vite = options.vite;
  const toApp = (req: IncomingMessage, res: ServerResponse) => {
    // While shutting down, no connection is kept for another request: each one ends cleanly.
    if (options.isDraining()) res.setHeader("Connection", "close");
    if (sendKeptPublicPage(req, res, options.publicPages, options.log)) return;
    options.inFlight
      .track(appListener(req, res))
      .catch((error: unknown) => options.log.error({ err: error }, "request failed"));
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    if (provider?.handles(req.url)) return provider.handle(req, res);
    if (vite) return vite(req, res, () => toApp(req, res));
    toApp(req, res);
  };
}

/**
 * A fresh public page needs nothing from the app but its bytes, a request id and a log line, so
 * it is sent here with the headers worked out when it was kept. Anything else, including a path
 * the app would decode first, goes through the app.
 */
function sendKeptPublicPage(
  req: IncomingMessage,
  res: ServerResponse,
  publicPages: PublicPageCache,
  log: Logger,
) {
  const { method = "GET", url = "/" } = req;
  if (method !== "GET" && method !== "HEAD") return false;
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (path.includes("%")) return false;
  const page = publicPages.fresh(path, req.headers["accept-encoding"]);
  if (!page) return false;
  const started = performance.now();
  const requestId = requestIdFor(req.headers["x-request-id"]);
  res.writeHead(page.status, { ...page.headers, "x-request-id": requestId });
  res.end(method === "HEAD" ? undefined : page.body);
  logOutcome(log, { requestId, method, path, status: page.status, started });
  return true;
}
