import { createRoute } from "@hono/zod-openapi";
import { sessionUser as userOf } from "../../auth/viewer.ts";
import { apiRouter, jsonAnswer } from "./openapi.ts";
import { orNull, sessionUser } from "./shapes.ts";

const session = createRoute({
  method: "get",
  path: "/",
  tags: ["Session"],
  summary: "Who is signed in",
  description: "The signed-in person, or `null` for a visitor (never a refusal).",
  responses: { 200: jsonAnswer(orNull(sessionUser), "The person, or null.") },
});

/** GET /api/v1/session: who is signed in, or null. Pages poll it to notice sign-outs elsewhere. */
export function sessionRoutes() {
  return apiRouter().openapi(session, async (c) => {
    const viewer = await c.get("viewer")();
    return c.json(viewer && userOf(viewer), 200);
  });
}
