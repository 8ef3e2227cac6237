import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { developmentIdentityProvider } from "../auth/development-identity-provider.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./app-env.ts";
import type { InFlightRequests } from "./in-flight.ts";
import type { KeptAnswer } from "./kept-response.ts";
import type { PublicPageCache } from "./public-page-cache.ts";
import { logOutcome, requestIdFor } from "./request-logging.ts";
import type { ViewerResponseCache } from "./viewer-response-cache.ts";

export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The Node request listener: the development identity provider (when Google is not configured)
 * answers its own paths, Vite (in development) serves its modules, fresh public pages and
 * signed-in answers are sent straight from memory, and the app gets the rest, counted while its
 * handlers run.
 */
export function createNodeListener(options: {
  app: Pick<Hono<AppEnv>, "fetch">;
  config: Config;
  log: Logger;
  vite?: NodeMiddleware;
  inFlight: InFlightRequests;
  isDraining: () => boolean;
  publicPages: PublicPageCache;
  signedInAnswers?: Pick<ViewerResponseCache, "fresh">;
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
    const kept = keptAnswerFor(req, options);
    if (kept) return sendKept(req, res, kept, options.log);
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
 * A fresh public page or signed-in answer needs nothing from the app but its bytes, a request id
 * and a log line, so it is sent here with the headers worked out when it was kept. Anything else,
 * including a path the app would decode first, goes through the app.
 */
function keptAnswerFor(
  req: IncomingMessage,
  options: {
    publicPages: PublicPageCache;
    signedInAnswers?: Pick<ViewerResponseCache, "fresh">;
  },
): KeptAnswer | undefined {
  const { method = "GET", url = "/" } = req;
  if (method !== "GET" && method !== "HEAD") return undefined;
  const path = pathOf(url);
  if (path.includes("%")) return undefined;
  return (
    options.publicPages.fresh(path, req.headers["accept-encoding"]) ??
    (method === "GET" ? options.signedInAnswers?.fresh(url, req.headers) : undefined)
  );
}

function sendKept(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer, log: Logger) {
  const started = performance.now();
  const { method = "GET", url = "/" } = req;
  const requestId = requestIdFor(req.headers["x-request-id"]);
  res.writeHead(answer.status, { ...answer.headers, "x-request-id": requestId });
  res.end(method === "HEAD" ? undefined : answer.body);
  logOutcome(log, { requestId, method, path: pathOf(url), status: answer.status, started });
}

function pathOf(url: string) {
  const queryStart = url.indexOf("?");
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
