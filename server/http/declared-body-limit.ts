import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./app-env.ts";

/**
 * Hono's body limit, except that a request whose Content-Length states its size (and no
 * Transfer-Encoding) is judged by that alone, without touching its body: Hono's own first asks
 * whether the request has a body, which makes the Node adapter build a whole web Request around
 * a stream for every POST (a tenth of an MCP call's CPU, decision 0014), even one whose handler
 * then reads the body directly. A chunked body is still counted as it is read, by Hono's.
 */
export function declaredBodyLimit(options: {
  maxSize: number;
  onError: (c: Context<AppEnv>) => Response | Promise<Response>;
}): MiddlewareHandler<AppEnv> {
  const counted = bodyLimit(options);
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number.parseInt(length, 10) > options.maxSize ? options.onError(c) : next();
    }
    return counted(c, next);
  };
}
