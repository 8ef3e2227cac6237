import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { developmentIdentityProvider } from "../auth/development-identity-provider.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./app-env.ts";
import type { InFlightRequests } from "./in-flight.ts";

export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The Node request listener: the development identity provider (when Google is not configured)
 * answers its own paths, Vite (in development) serves its modules, and the app gets the rest,
 * counted while its handlers run.
 */
export function createNodeListener(options: {
  app: Hono<AppEnv>;
  config: Config;
  log: Logger;
  vite?: NodeMiddleware;
  inFlight: InFlightRequests;
  isDraining: () => boolean;
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
