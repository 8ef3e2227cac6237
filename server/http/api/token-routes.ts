import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import {
  createAccessToken,
  createTokenInput,
  listAccessTokens,
  revokeAccessToken,
} from "../../tokens/access-tokens.ts";
import { apiRouter, jsonAnswer, jsonBody, refusals } from "./openapi.ts";
import { accessToken } from "./shapes.ts";

const tags = ["Access tokens"];
const made = jsonBody(
  createTokenInput,
  "A name, a scope (`read`, or `write`: read and change), an expiry in days (1 to 365; null: never) and, for an administrator, whether it carries admin rights.",
);
const browserOnly = {
  unauthenticated: "Not signed in.",
  forbidden: "Asked with a token (`session_required`): only a signed-in browser manages tokens.",
};

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Your access tokens",
  description:
    "Each with its last use; never the token itself. Connections MCP clients made by OAuth are listed too, under the app's name (`client`).",
  responses: { 200: jsonAnswer(z.array(accessToken), "Your tokens."), ...refusals(browserOnly) },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Make an access token",
  description:
    "The answer holds the token, the only time it is shown: only its SHA-256 hash is stored. An administrator's token carries admin rights only when asked for here, and only while their address is in `ADMIN_EMAILS`.",
  middleware: [made.read] as const,
  request: { body: made.request },
  responses: {
    201: jsonAnswer(
      accessToken.extend({ token: z.string().describe("`ps_…`: shown this once.") }),
      "The new token.",
    ),
    ...refusals({
      ...browserOnly,
      invalid_input: "A bad name, scope or expiry, or past `TOKEN_LIMIT` (`token_limit`).",
    }),
  },
});

const revoke = createRoute({
  method: "delete",
  path: "/{id}",
  tags,
  summary: "Revoke an access token",
  description: "It stops working at once, on every instance; an OAuth connection ends with it.",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    204: { description: "Revoked." },
    ...refusals({ ...browserOnly, not_found: "No such token of yours (`token_not_found`)." }),
  },
});

/** /api/v1/tokens: a person's access tokens, managed from a signed-in browser only. */
export function tokenRoutes(db: Database) {
  return apiRouter()
    .openapi(list, async (c) =>
      c.json(await listAccessTokens({ db, viewer: await c.get("viewer")() }), 200),
    )
    .openapi(create, async (c) => {
      const viewer = await c.get("viewer")();
      const created = await createAccessToken({ db, viewer, input: c.get("body") });
      return c.json({ token: created.token, ...created.info }, 201);
    })
    .openapi(revoke, async (c) => {
      const { id } = c.req.valid("param");
      await revokeAccessToken({ db, viewer: await c.get("viewer")(), id });
      return c.body(null, 204);
    });
}
