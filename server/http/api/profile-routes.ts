import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { profileSettingsInput } from "../../profiles/profile-input.ts";
import { getProfileSettings, updateProfileSettings } from "../../profiles/profile-settings.ts";
import { parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** /api/v1/profile: the viewer's own public-profile settings. */
export function profileRoutes(db: Database) {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) =>
    c.json(await getProfileSettings({ db, viewer: await c.get("viewer")() })),
  );
  routes.put("/", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(profileSettingsInput, await readJson(c));
    return c.json(await updateProfileSettings({ db, viewer, ...input }));
  });
  return routes;
}
