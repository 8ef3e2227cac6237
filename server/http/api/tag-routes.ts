import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import { tagName } from "../../prompts/prompt-input.ts";
import { listTags } from "../../tags/list-tags.ts";
import { deleteTag, renameTag } from "../../tags/rename-tag.ts";
import { apiRouter, jsonAnswer, jsonBody, refusals } from "./openapi.ts";
import { tag } from "./shapes.ts";

const tags = ["Tags"];
const named = z.object({ name: tagName });
const renamed = jsonBody(named, "The new name: at most 32 characters.");

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Your tags",
  description: "In name order, each with how many of your prompts carry it.",
  responses: {
    200: jsonAnswer(z.array(tag), "Your tags."),
    ...refusals({ unauthenticated: "Not signed in." }),
  },
});

const rename = createRoute({
  method: "patch",
  path: "/{name}",
  tags,
  summary: "Rename a tag",
  description: "Renaming onto a tag you already have merges the two.",
  middleware: [renamed.read] as const,
  request: { params: named, body: renamed.request },
  responses: {
    204: { description: "Renamed." },
    ...refusals({
      invalid_input: "An empty or too long name.",
      unauthenticated: "Not signed in.",
      not_found: "No such tag of yours (`tag_not_found`).",
    }),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/{name}",
  tags,
  summary: "Delete a tag",
  description: "Takes it off every prompt of yours.",
  request: { params: named },
  responses: {
    204: { description: "Deleted." },
    ...refusals({
      invalid_input: "An empty or too long name.",
      unauthenticated: "Not signed in.",
      not_found: "No such tag of yours (`tag_not_found`).",
    }),
  },
});

/** /api/v1/tags: the viewer's own tags. */
export function tagRoutes(db: Database) {
  return apiRouter()
    .openapi(list, async (c) =>
      c.json(await listTags({ db, viewer: await c.get("viewer")() }), 200),
    )
    .openapi(rename, async (c) => {
      const viewer = await c.get("viewer")();
      const { name } = c.req.valid("param");
      await renameTag({ db, viewer, name, newName: c.get("body").name });
      return c.body(null, 204);
    })
    .openapi(remove, async (c) => {
      const { name } = c.req.valid("param");
      await deleteTag({ db, viewer: await c.get("viewer")(), name });
      return c.body(null, 204);
    });
}
