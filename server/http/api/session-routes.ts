import { Hono } from "hono";
import { sessionUser } from "../../auth/viewer.ts";
import type { AppEnv } from "../app-env.ts";

/** GET /api/v1/session: who is signed in, or null. Pages poll it to notice sign-outs elsewhere. */
export function sessionRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => {
    const viewer = await c.get("viewer")();
    return c.json(viewer && sessionUser(viewer));
  });
  return routes;
}
