import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pages } from "../../shared/pages.ts";
import { collectionPath, promptPath, shortId } from "../../shared/public-address.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { startTestServer } from "../../tests/support/test-server.ts";
import { listCollectionsQuery } from "../collections/collection-input.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { projectRoot } from "../project-root.ts";
import { listPromptsQuery, paletteQuery } from "../prompts/prompt-input.ts";

/**
 * Text PostgreSQL refuses (a NUL) or that is not text at all (bytes that are not UTF-8, a lone
 * surrogate written as UTF-8, an overlong NUL), as a client may send it percent-encoded in an
 * address. Whatever route it reaches, the answer is never a server error; a NUL, which no id,
 * name or page can hold, is refused.
 */
const hostileValues = ["%00", "a%00b", "%FF", "%ED%A0%80", "%C0%80"];

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  database = made.database;
  app = made.app;
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
let person: Person;
/** The requests go to a listening server, through the Node listener that answers from memory. */
let server: Awaited<ReturnType<typeof startTestServer>>;
/** A real value for each path parameter, so the hostile one is the only thing wrong. */
let real: (path: string, name: string) => string;

beforeAll(async () => {
  server = await startTestServer({ db: database.db, storesPages: true });
  person = await apiPerson(database.db, app);
  const made = async (method: string, path: string, json: unknown) => {
    const res = await person.call(method, path, json);
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    return res.body;
  };
  const prompt = await made("POST", "/api/v1/prompts", {
    promptText: "Write a haiku about the sea",
    useCase: "Sea haiku",
    shared: true,
  });
  const folder = await made("POST", "/api/v1/folders", { name: "Poems" });
  await made("POST", `/api/v1/prompts/${prompt.id}/tags`, { name: "poetry" });
  const collection = await made("POST", "/api/v1/collections", {
    title: "Verse",
    isPublic: true,
  });
  await made("POST", `/api/v1/collections/${collection.id}/items`, { promptId: prompt.id });
  await made("PUT", "/api/v1/profile", {
    isPublic: true,
    handle: "hostile-params",
    displayName: "Hostile Params",
    showAvatar: false,
  });
  const token = await made("POST", "/api/v1/tokens", { name: "sweep", scope: "read" });
  const promptRef = promptPath({ id: prompt.id, title: prompt.title }).slice("/p/".length);
  const collectionRef = collectionPath(collection).slice("/c/".length);
  real = (path, name) => {
    if (name === "n") return "1";
    if (name === "name") return "poetry";
    if (name === "promptId") return prompt.id;
    if (name === "handle") return "hostile-params";
    if (name === "file") return "prompts-1.xml";
    if (name === "short") return shortId(path.startsWith("/c/") ? collection.id : prompt.id);
    if (name === "ref") return path.startsWith("/c/") ? collectionRef : promptRef;
    if (path.startsWith("/api/v1/folders/")) return folder.id;
    if (path.startsWith("/api/v1/collections/")) return collection.id;
    if (path.startsWith("/api/v1/tokens/")) return token.id;
    return prompt.id;
  };
});

afterAll(async () => {
  await server?.close();
});

interface Route {
  method: string;
  path: string;
}

/** Every route the app answers: its own (Hono's table, API and endpoints) and every page. */
function everyRoute(): Route[] {
  const routes = new Map<string, Route>();
  const add = (method: string, path: string) => routes.set(`${method} ${path}`, { method, path });
  for (const { method, path } of app.routes) {
    if (method === "ALL" || method === "HEAD" || path.endsWith("*")) continue;
    add(method, path);
  }
  for (const page of pages) add("GET", page.path);
  return [...routes.values()];
}

/** A path parameter, with the pattern it may carry (`:short{[0-9A-Za-z]{11}}`). */
const parameter = /:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g;

/** The route's path with each parameter a real value, except `hostile` in place of one. */
function pathWith(route: Route, hostileName?: string, value?: string) {
  return route.path.replace(parameter, (_, name: string) =>
    name === hostileName && value ? value : encodeURIComponent(real(route.path, name)),
  );
}

/**
 * Every query parameter the app reads: those read by name anywhere in app/ and server/, and
 * the keys of the query schemas the API parses whole.
 */
async function everyQueryName() {
  const names = new Set<string>([
    ...Object.keys(listPromptsQuery.shape),
    ...Object.keys(listCollectionsQuery.shape),
    ...Object.keys(paletteQuery.shape),
    // The sign-in callback's, read by the OpenID client library rather than by name here.
    "code",
    "state",
    "iss",
    "error",
  ]);
  const readByName =
    /(?:searchParams|params|query|url)\.(?:get|getAll|has)\("(\w+)"\)|req\.quer(?:y|ies)\("(\w+)"\)/g;
  for (const file of await sourceFiles(["app", "server"])) {
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(readByName)) names.add(match[1] ?? match[2] ?? "");
  }
  names.delete("");
  return [...names].sort();
}

async function sourceFiles(folders: string[]) {
  const files: string[] = [];
  for (const folder of folders) {
    const entries = await readdir(join(projectRoot, folder), { recursive: true });
    for (const entry of entries) {
      if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        files.push(join(projectRoot, folder, entry));
      }
    }
  }
  return files;
}

/** The request, as the signed-in person's browser would send it. */
async function send(route: Route, target: string) {
  const init: RequestInit = {
    method: route.method,
    headers: {
      cookie: person.actor.cookie,
      origin: server.origin,
      ...(route.method === "GET" ? {} : { "content-type": "application/json" }),
    },
    ...(route.method === "GET" ? {} : { body: "{}" }),
  };
  // Signing out or deleting the account would leave the rest of the sweep signed out.
  if (/logout|account/.test(route.path)) {
    const other = await apiPerson(database.db, app);
    (init.headers as Record<string, string>).cookie = other.actor.cookie;
  }
  const res = await fetch(`${server.origin}${target}`, { ...init, redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
}

it("answers a hostile value in any path parameter of any route with no 5xx: a NUL with 404", async () => {
  const failures: string[] = [];
  let sent = 0;
  for (const route of everyRoute()) {
    for (const [, name] of route.path.matchAll(parameter)) {
      for (const value of hostileValues) {
        const target = pathWith(route, name, value);
        const status = await send(route, target);
        sent++;
        // Bytes that are not UTF-8 stay as written, a name like any other (untagging it is done).
        const wrong = value.includes("%00") ? status !== 404 : status >= 500;
        if (wrong) failures.push(`${route.method} ${target} -> ${status}`);
      }
    }
  }
  expect(sent).toBeGreaterThan(100);
  expect(failures).toEqual([]);
}, 300_000);

it("answers %00 in any query parameter of any route with 400", async () => {
  const names = await everyQueryName();
  expect(names).toEqual(expect.arrayContaining(["q", "cursor", "client_id", "tag", "page"]));
  const failures: string[] = [];
  let sent = 0;
  for (const route of everyRoute()) {
    const path = pathWith(route);
    const statuses = await Promise.all(
      names.map(async (name) => {
        const target = `${path}?${name}=%00`;
        return { target, status: await send(route, target) };
      }),
    );
    for (const { target, status } of statuses) {
      sent++;
      if (status !== 400) failures.push(`${route.method} ${target} -> ${status}`);
    }
  }
  expect(sent).toBeGreaterThan(1000);
  expect(failures).toEqual([]);
}, 300_000);
