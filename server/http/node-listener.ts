import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { developmentIdentityProvider } from "../auth/development-identity-provider.ts";
import { fromMemory, type KeptAnswer, type KeptAnswers } from "../cache/kept-answers.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./app-env.ts";
import { headAsGet } from "./head-as-get.ts";
import type { InFlightRequests } from "./in-flight.ts";
import { logOutcome, requestIdFor } from "./request-logging.ts";

export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The Node request listener: the development identity provider (when Google is not configured)
 * answers its own paths, Vite (in development) serves its modules, fresh public pages and
 * signed-in answers are sent straight from memory, and the app gets the rest, counted while its
 * handlers run: MCP included, whose one path is the SDK's in the app, kept searches and all
 * (decision 0014). The app is handed a GET for a HEAD (head-as-get.ts); Node's answer to a HEAD
 * never carries a body.
 */
export function createNodeListener(options: {
  app: Pick<Hono<AppEnv>, "fetch">;
  config: Config;
  log: Logger;
  vite?: NodeMiddleware;
  inFlight: InFlightRequests;
  isDraining: () => boolean;
  kept: Pick<KeptAnswers, "fresh">;
}) {
  const appListener = getRequestListener(headAsGet(options.app.fetch));
  const provider =
    options.config.signIn.provider === "development"
      ? developmentIdentityProvider(options.config.signIn, options.log)
      : undefined;
  const vite = options.vite;
  const toApp = (req: IncomingMessage, res: ServerResponse) => {
    // While shutting down, no connection is kept for another request: each one ends cleanly.
    if (options.isDraining()) res.setHeader("Connection", "close");
    // A fresh public page or signed-in answer needs nothing from the app but its bytes, a
    // request id and a log line: it is sent here with the headers worked out when it was kept.
    const kept = options.kept.fresh(req);
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

function sendKept(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer, log: Logger) {
  const started = performance.now();
  const { method = "GET", url = "/" } = req;
  const requestId = requestIdFor(req.headers["x-request-id"]);
  res.writeHead(answer.status, { ...answer.headers, ...fromMemory, "x-request-id": requestId });
  res.end(method === "HEAD" ? undefined : answer.body);
  logOutcome(log, { requestId, method, path: pathOf(url), status: answer.status, started });
}

function pathOf(url: string) {
  const queryStart = url.indexOf("?");
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
