import { Hono } from "hono";
import type { KeptLibraries } from "../../cache/kept-answers.ts";
import type { Database } from "../../db/client.ts";
import { findPalettePrompts } from "../../prompts/find-palette-prompts.ts";
import { paletteQuery } from "../../prompts/prompt-input.ts";
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";

/** /api/v1/palette: the command palette's search, both of its groups in one answer. */
export function paletteRoutes(options: { db: Database; libraries: KeptLibraries }) {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => {
    const query = parseInput(paletteQuery, c.req.query());
    const viewer = await c.get("viewer")();
    return c.json(await findPalettePrompts({ ...options, viewer, ...query }));
  });
  return routes;
}
