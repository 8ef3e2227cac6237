import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { AppError } from "../../errors.ts";
import type { ChangeFeed } from "../../live/change-feed.ts";
import type { AppEnv } from "../app-env.ts";

const heartbeatMs = 25_000;

/**
 * GET /api/v1/events: a server-sent event stream of changes to shared prompts, for the open
 * community and topic lists. Browsers reconnect by themselves after a drop.
 */
export function eventRoutes(feed: ChangeFeed) {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => {
    if (!(await c.get("viewer")())) throw new AppError("unauthenticated", "Please sign in");
    return streamSSE(c, async (stream) => {
      const queue: string[] = [];
      let ended = false;
      let wake: (() => void) | null = null;
      const unsubscribe = feed.subscribe((change) => {
        if (change) queue.push(JSON.stringify(change));
        else ended = true;
        wake?.();
      });
      const heartbeat = setInterval(() => wake?.(), heartbeatMs);
      stream.onAbort(() => wake?.());
      try {
        await stream.writeSSE({ event: "ready", data: "{}", retry: 1000 });
        while (!stream.aborted && !ended) {
          const next = queue.shift();
          if (next) {
            await stream.writeSSE({ event: "prompt", data: next });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted && !ended)
            await stream.write(": keep-alive\n\n");
        }
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
    });
  });
  return routes;
}
