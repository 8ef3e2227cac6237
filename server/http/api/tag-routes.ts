import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { tagName } from "../../prompts/prompt-input.ts";
import { listTags } from "../../tags/list-tags.ts";
import { deleteTag, renameTag } from "../../tags/rename-tag.ts";
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** /api/v1/tags: the viewer's own tags. */
export function tagRoutes(db: Database) {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => c.json(await listTags({ db, viewer: await c.get("viewer")() })));
  routes.patch("/:name", async (c) => {
    const viewer = await c.get("viewer")();
    const { name: newName } = parseInput(z.object({ name: tagName }), await readJson(c));
    await renameTag({ db, viewer, name: parseInput(tagName, c.req.param("name")), newName });
    return c.body(null, 204);
  });
  routes.delete("/:name", async (c) => {
    await deleteTag({
      db,
      viewer: await c.get("viewer")(),
      name: parseInput(tagName, c.req.param("name")),
    });
    return c.body(null, 204);
  });
  return routes;
}
