import { createRoute } from "@hono/zod-openapi";
import type { KeptLibraries } from "../../cache/kept-answers.ts";
import type { Database } from "../../db/client.ts";
import { findPalettePrompts } from "../../prompts/find-palette-prompts.ts";
import { paletteQuery } from "../../prompts/prompt-input.ts";
import { apiRouter, jsonAnswer, queryOf, refusals } from "./openapi.ts";
import { paletteAnswer } from "./shapes.ts";

const search = createRoute({
  method: "get",
  path: "/",
  tags: ["Palette"],
  summary: "Search your library, your teams' and the community's at once",
  description: `Your own unshared prompts, your teams' prompts and shared prompts (yours among them) holding \`q\`
in their text or category, five of each, best match first as \`GET /api/v1/prompts?sort=relevance\` ranks them (newest
first when \`q\` is under three characters). \`ownMatches\` lists the ids of all your matching prompts
when there are at most 100, else \`null\`. Send them back as \`within\` (comma-separated) with the term
they answered as \`withinQ\`, and a \`q\` that holds \`withinQ\` is looked for among them alone; they
only ever narrow the search, and are ignored when \`q\` does not hold \`withinQ\`. \`q\` is 1 to 500
characters; more than 100 ids, one that is not an id, or \`within\` without \`withinQ\` is 400. Your
teams' prompts are searched while your teams hold at most 5,000 together (\`teamsSearched\`); past
that, search a team's library (\`GET /api/v1/prompts?scope=team&team=\`).`,
  request: { query: queryOf(paletteQuery) },
  responses: {
    200: jsonAnswer(paletteAnswer, "The three groups."),
    ...refusals({ invalid_input: "A bad term or `within`.", unauthenticated: "Not signed in." }),
  },
});

/** /api/v1/palette: the command palette's search, both of its groups in one answer. */
export function paletteRoutes(options: { db: Database; libraries: KeptLibraries }) {
  return apiRouter().openapi(search, async (c) => {
    const query = c.req.valid("query");
    const viewer = await c.get("viewer")();
    return c.json(await findPalettePrompts({ ...options, viewer, ...query }), 200);
  });
}
