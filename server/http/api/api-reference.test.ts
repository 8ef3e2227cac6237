import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { projectRoot } from "../../project-root.ts";
import { type ApiDocument, httpMethods, referenceMarkdown } from "./reference-markdown.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

/** Every route the app answers under /api/v1, from Hono's own table, written as OpenAPI writes paths. */
function mountedApiRoutes() {
  const routes = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === "ALL" || !path.startsWith("/api/v1/") || path.endsWith("*")) continue;
    routes.add(`${method} ${path.replace(/:(\w+)/g, "{$1}")}`);
  }
  return [...routes];
}

async function servedDocument() {
  const res = await app.request("/api/v1/openapi.json");
  expect(res.status).toBe(200);
  return (await res.json()) as ApiDocument;
}

describe("the API reference is made from the routes", () => {
  it("describes every route mounted under /api/v1: its path parameters, query, body and answers", async () => {
    const document = await servedDocument();
    expect(document.openapi).toBe("3.1.0");
    const mounted = mountedApiRoutes();
    expect(mounted.length).toBeGreaterThan(40);
    const undescribed: string[] = [];
    for (const route of mounted) {
      const [method = "", path = ""] = route.split(" ");
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        undescribed.push(route);
        continue;
      }
      const parameters = operation.parameters ?? [];
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        const parameter = parameters.find((p) => p.in === "path" && p.name === name);
        expect(parameter?.schema, `${route}: path parameter ${name}`).toBeDefined();
      }
      for (const parameter of parameters) {
        expect(parameter.schema, `${route}: ${parameter.in} ${parameter.name}`).toBeDefined();
      }
      const body = operation.requestBody?.content;
      for (const [mediaType, { schema }] of Object.entries(body ?? {})) {
        expect(schema, `${route}: ${mediaType} body`).toBeDefined();
      }
      const answers = Object.entries(operation.responses ?? {});
      const successes = answers.filter(([status]) => status.startsWith("2"));
      expect(successes.length, `${route}: a success answer`).toBeGreaterThan(0);
      for (const [status, answer] of answers) {
        if (status === "204") continue;
        const described = Object.values(answer.content ?? {});
        expect(described.length, `${route} ${status}: what it sends`).toBeGreaterThan(0);
        for (const { schema } of described) expect(schema, `${route} ${status}`).toBeDefined();
        if (!status.startsWith("2")) {
          expect(answer.content?.["application/json"]?.schema?.$ref).toBe(
            "#/components/schemas/Error",
          );
        }
      }
    }
    expect(undescribed, "routes mounted without their schemas").toEqual([]);
  });

  it("lists nothing the app does not answer", async () => {
    const document = await servedDocument();
    const mounted = new Set(mountedApiRoutes());
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of httpMethods) {
        if (item[method])
          expect(mounted, "a route in the document").toContain(`${method.toUpperCase()} ${path}`);
      }
    }
  });

  it("is what docs/api.md says: run `npm run docs:api` after changing a route", async () => {
    const written = await readFile(join(projectRoot, "docs/api.md"), "utf8");
    expect(written).toBe(referenceMarkdown(await servedDocument()));
  });

  it("reads as a page at /api/v1/docs, without scripts", async () => {
    const document = await servedDocument();
    const res = await app.request("/api/v1/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('<h2 id="prompts">Prompts</h2>');
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of httpMethods) {
        if (item[method]) expect(page).toContain(`${method.toUpperCase()} ${path}</h3>`);
      }
    }
  });
});

describe("requests are read as before the schemas were declared", () => {
  it("reads a JSON body whatever its Content-Type says, as a script's `curl -d` sends it", async () => {
    const me = await apiPerson(database.db, app);
    const res = await app.request("/api/v1/folders", {
      method: "POST",
      headers: {
        origin: "http://localhost:3000",
        cookie: me.actor.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: JSON.stringify({ name: "Sent as a form" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: "Sent as a form", parentId: null });
  });

  it("refuses a path parameter without naming it, and a query parameter naming it", async () => {
    const me = await apiPerson(database.db, app);
    const created = await me.call("POST", "/api/v1/prompts", { promptText: "Hi", shared: false });
    const version = await me.call("GET", `/api/v1/prompts/${created.body.id}/versions/none`);
    expect([version.status, version.body.error.code]).toEqual([400, "invalid_input"]);
    expect(version.body.error.message).not.toMatch(/^n: /);
    const list = await me.call("GET", "/api/v1/prompts?limit=1000");
    expect([list.status, list.body.error.code]).toEqual([400, "invalid_input"]);
    expect(list.body.error.message).toMatch(/^limit: /);
  });

  it("takes the first of a parameter given twice, and every one of a list's", async () => {
    const me = await apiPerson(database.db, app);
    const twice = await me.call("GET", "/api/v1/prompts?scope=personal&scope=nonsense");
    expect(twice.status).toBe(200);
    const tags = await me.call("GET", "/api/v1/prompts?scope=personal&tag=a&tag=b");
    expect(tags.status).toBe(200);
    const oneTag = await me.call("GET", `/api/v1/prompts?scope=personal&tag=${"x".repeat(40)}`);
    expect([oneTag.status, oneTag.body.error.message]).toEqual([
      400,
      "tag.0: Tags are at most 32 characters",
    ]);
  });
});
