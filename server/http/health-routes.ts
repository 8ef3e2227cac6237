import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client.ts";
import type { AppEnv } from "./app-env.ts";

const readinessTimeoutMs = 2000;

/** /healthz: the process answers. /readyz: the database answers and the process is not shutting down. */
export function healthRoutes(options: { db: Database; isDraining: () => boolean }) {
  const routes = new Hono<AppEnv>();
  routes.get("/healthz", (c) => c.json({ status: "ok" }));
  routes.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (options.isDraining()) return c.json({ status: "shutting down" }, 503);
    try {
      await withTimeout(options.db.execute(sql`select 1`), readinessTimeoutMs);
      return c.json({ status: "ready" });
    } catch (error) {
      c.get("log").warn({ err: error }, "readiness check failed");
      return c.json({ status: "database unavailable" }, 503);
    }
  });
  return routes;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
