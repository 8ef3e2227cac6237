import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./app-env.ts";

const acceptableId = /^[\w.-]{8,64}$/;

/** Gives each request an id (kept from a proxy when well-formed) and a child logger, and logs its outcome. */
export function requestLogging(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && acceptableId.test(incoming) ? incoming : randomUUID();
    const requestLog = log.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", requestLog);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    const status = c.res.status;
    // 503 is a known state (shutting down, database away), already explained where it arose.
    const level = status === 503 ? "warn" : status >= 500 ? "error" : "info";
    requestLog[level](
      {
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
