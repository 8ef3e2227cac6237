import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./app-env.ts";
import { askedMethod } from "./head-as-get.ts";

const acceptableId = /^[\w.-]{8,64}$/;

/** A request's id: the one a proxy sent when well-formed, otherwise a new one. */
export function requestIdFor(incoming: string | string[] | undefined) {
  return typeof incoming === "string" && acceptableId.test(incoming) ? incoming : randomUUID();
}

/**
 * Logged for a request whose client went away before its answer was sent, as nginx logs it: no
 * fault of the server's, so not an error line.
 */
const clientClosedRequest = 499;

/** One line per request with its outcome. */
export function logOutcome(
  log: Logger,
  outcome: { requestId?: string; method: string; path: string; status: number; started: number },
) {
  const { started, ...fields } = outcome;
  // 503 is a known state (shutting down, database away), already explained where it arose.
  const level = fields.status === 503 ? "warn" : fields.status >= 500 ? "error" : "info";
  log[level]({ ...fields, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
}

/** Gives each request an id and a child logger, and logs its outcome. */
export function requestLogging(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = requestIdFor(c.req.header("x-request-id"));
    const requestLog = log.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", requestLog);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    logOutcome(requestLog, {
      method: askedMethod(c.req.raw),
      path: c.req.path,
      // Whatever a handler made of its aborted work (React Router answers 500), nobody got it.
      status: c.req.raw.signal.aborted ? clientClosedRequest : c.res.status,
      started,
    });
  };
}
