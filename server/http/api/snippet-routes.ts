import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import { findSnippets, snippetTitleLimit } from "../../prompts/find-snippets.ts";
import { storableText } from "../../validation.ts";
import { apiRouter, jsonAnswer, queryOf, refusals } from "./openapi.ts";
import { snippet } from "./shapes.ts";

const asked = z.object({
  title: z
    .array(storableText().max(200))
    .min(1)
    .max(snippetTitleLimit)
    .describe(
      "Repeat for several (`?title=a&title=b`): 1 to 100 titles of at most 200 characters.",
    ),
});

const find = createRoute({
  method: "get",
  path: "/",
  tags: ["Snippets"],
  summary: "Your prompts with these titles",
  description:
    "Your own prompts (never another person's) with these titles, compared without regard to case: for each, the one edited last. What a template's `{{> Title}}` snippets stand for.",
  request: { query: queryOf(asked, ["title"]) },
  responses: {
    200: jsonAnswer(
      z.object({ items: z.array(snippet) }),
      "The prompts found; a title with none is left out.",
    ),
    ...refusals({
      invalid_input: "No title, too many, or one too long.",
      unauthenticated: "Not signed in.",
    }),
  },
});

/**
 * /api/v1/snippets?title=…&title=…: the viewer's own prompts with these titles (any case), which
 * a template's {{> Title}} snippets stand for.
 */
export function snippetRoutes(db: Database) {
  return apiRouter().openapi(find, async (c) => {
    const viewer = await c.get("viewer")();
    const { title } = c.req.valid("query");
    return c.json({ items: await findSnippets({ db, viewer, titles: title }) }, 200);
  });
}
