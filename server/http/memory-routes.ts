import { Hono } from "hono";
import type { KeptAnswers } from "../cache/kept-answers.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./app-env.ts";
import { errorResponse } from "./errors.ts";

/**
 * /admin/memory: for administrators, what each cache holds against its share of the memory budget
 * (MEMORY_BUDGET_MB), beside the process's own figures, as JSON. The soak reads it at the end of
 * its run. Anyone else finds nothing here.
 */
export function memoryRoutes(options: { kept: Pick<KeptAnswers, "memory"> }) {
  const routes = new Hono<AppEnv>();
  routes.get("/admin/memory", async (c) => {
    c.header("Cache-Control", "no-store");
    const viewer = await c.get("viewer")();
    if (!viewer?.isAdmin) return errorResponse(c, new AppError("not_found", "Not found"));
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    return c.json({
      ...options.kept.memory(),
      process: { rss, heapUsed, heapTotal, external, arrayBuffers },
    });
  });
  return routes;
}
