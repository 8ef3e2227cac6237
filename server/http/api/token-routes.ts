import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import {
  createAccessToken,
  createTokenInput,
  listAccessTokens,
  revokeAccessToken,
} from "../../tokens/access-tokens.ts";
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** /api/v1/tokens: a person's access tokens, managed from a signed-in browser only. */
export function tokenRoutes(db: Database) {
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    return c.json(await listAccessTokens({ db, viewer: await c.get("viewer")() }));
  });

  routes.post("/", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(createTokenInput, await readJson(c));
    const created = await createAccessToken({ db, viewer, input });
    return c.json({ token: created.token, ...created.info }, 201);
  });

  routes.delete("/:id", async (c) => {
    await revokeAccessToken({ db, viewer: await c.get("viewer")(), id: c.req.param("id") });
    return c.body(null, 204);
  });

  return routes;
}
