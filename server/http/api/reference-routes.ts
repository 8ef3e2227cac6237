import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../app-env.ts";
import { apiOverview, apiTags } from "./api-overview.ts";
import { apiRouter, jsonAnswer } from "./openapi.ts";
import { type ApiDocument, referenceMarkdown } from "./reference-markdown.ts";
import { referencePage } from "./reference-page.ts";

const tags = ["Reference"];

const documentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  tags,
  summary: "This reference, as OpenAPI",
  description: "The OpenAPI 3.1 document, made from the routes' own schemas.",
  responses: {
    200: jsonAnswer(
      z.looseObject({
        openapi: z.string(),
        info: z.object({ title: z.string(), version: z.string() }),
      }),
      "The OpenAPI 3.1 document.",
    ),
  },
});

const pageRoute = createRoute({
  method: "get",
  path: "/docs",
  tags,
  summary: "This reference, to read",
  description: "The same document as a page, with no script: what docs/api.md holds.",
  responses: {
    200: {
      description: "The reference as HTML.",
      content: { "text/html": { schema: z.string() } },
    },
  },
});

/** The OpenAPI document of every route the API has declared (paths under /api/v1). */
export function apiDocument(api: OpenAPIHono<AppEnv>): ApiDocument {
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "PromptShelf API", version: "1", description: apiOverview },
    tags: apiTags,
  });
  // The generator's types allow more than it writes (OpenAPI 3.0's forms too): it writes 3.1,
  // whose schemas are JSON Schema, the parts of which the reference reads are ApiDocument's.
  return document as unknown as ApiDocument;
}

/**
 * /api/v1/openapi.json and /api/v1/docs, for the API they are mounted in: made at the first
 * request (every route is declared by then) and kept, since the routes never change while the
 * process runs.
 */
export function referenceRoutes(api: OpenAPIHono<AppEnv>) {
  let made: Promise<{ document: ApiDocument; page: string }> | undefined;
  const reference = () => {
    made ??= (async () => {
      const document = apiDocument(api);
      return { document, page: await referencePage(referenceMarkdown(document)) };
    })();
    return made;
  };
  return apiRouter()
    .openapi(documentRoute, async (c) => c.json((await reference()).document, 200))
    .openapi(pageRoute, async (c) => c.html((await reference()).page, 200));
}
