import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { parseInput } from "../../validation.ts";
import { readHistory, readVersion } from "../../versions/history.ts";
import { findLeftBehind } from "../../versions/left-behind.ts";
import { purgeVersion } from "../../versions/purge-version.ts";
import { restoreVersion } from "../../versions/restore-version.ts";
import { applyUpstream, readUpstream } from "../../versions/upstream.ts";
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/** A version number in a path; anything else names no version. */
const versionNumber = z.coerce.number().int().min(1).max(2_147_483_647);

const upstreamInput = z.object({
  take: z.enum(["original", "mine"]),
  /** The original's version the person saw when choosing. */
  version: versionNumber,
});

/**
 * /api/v1/prompts/:id/versions and /upstream: a prompt's history (DELETE of a version purges
 * it; left-behind names the versions holding what the last edits took out) and a copy's original.
 */
export function versionRoutes(db: Database) {
  const routes = new Hono<AppEnv>();

  routes.get("/:id/versions", async (c) => {
    return c.json(
      await readHistory({ db, viewer: await c.get("viewer")(), id: c.req.param("id") }),
    );
  });

  routes.get("/:id/versions/left-behind", async (c) => {
    return c.json(
      await findLeftBehind({ db, viewer: await c.get("viewer")(), id: c.req.param("id") }),
    );
  });

  routes.get("/:id/versions/:n", async (c) => {
    const viewer = await c.get("viewer")();
    const number = parseInput(versionNumber, c.req.param("n"));
    return c.json(await readVersion({ db, viewer, id: c.req.param("id"), number }));
  });

  routes.delete("/:id/versions/:n", async (c) => {
    const viewer = await c.get("viewer")();
    const number = parseInput(versionNumber, c.req.param("n"));
    await purgeVersion({ db, viewer, id: c.req.param("id"), number });
    return c.body(null, 204);
  });

  routes.post("/:id/versions/:n/restore", async (c) => {
    const viewer = await c.get("viewer")();
    const number = parseInput(versionNumber, c.req.param("n"));
    return c.json(await restoreVersion({ db, viewer, id: c.req.param("id"), number }));
  });

  routes.get("/:id/upstream", async (c) => {
    return c.json(
      await readUpstream({ db, viewer: await c.get("viewer")(), id: c.req.param("id") }),
    );
  });

  routes.post("/:id/upstream", async (c) => {
    const viewer = await c.get("viewer")();
    const { take, version } = parseInput(upstreamInput, await readJson(c));
    return c.json(await applyUpstream({ db, viewer, id: c.req.param("id"), take, seen: version }));
  });

  return routes;
}
