import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { findSnippets, snippetTitleLimit } from "../../prompts/find-snippets.ts";
import { parseInput, storableText } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";

const titles = z.array(storableText().max(200)).min(1).max(snippetTitleLimit);

/**
 * /api/v1/snippets?title=…&title=…: the viewer's own prompts with these titles (any case), which
 * a template's {{> Title}} snippets stand for.
 */
export function snippetRoutes(db: Database) {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => {
    const viewer = await c.get("viewer")();
    const asked = parseInput(titles, c.req.queries("title") ?? []);
    return c.json({ items: await findSnippets({ db, viewer, titles: asked }) });
  });
  return routes;
}
