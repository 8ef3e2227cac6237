import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { pagePaths } from "../../shared/pages.ts";
import { collectionPath } from "../../shared/public-address.ts";
import { type Actor, createActors } from "../../tests/support/actors.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { rawRequest } from "../../tests/support/raw-request.ts";
import { routePaths } from "../../tests/support/route-paths.ts";
import type { TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collections, profiles } from "../db/schema.ts";

// A shared cache (a CDN, a company proxy) keys answers by address only. Any answer that depends
// on who is asking must forbid it to keep them; the pages that are the same for everyone may
// let it.
let database: DatabaseHandle;
let listening: Awaited<ReturnType<typeof startTestListener>>;
let app: TestApp;
let listenerOrigin = "";
let actors: Awaited<ReturnType<typeof createActors>>;
let promptId = "";

const origin = "http://localhost:3000";

beforeAll(async () => {
  database = await createTestDatabase();
  listening = await startTestListener(database);
  ({ app, origin: listenerOrigin } = listening);
  actors = await createActors(database.db);
  promptId = (await createPrompt(database.db, { userId: actors.userA.userId, isShared: true })).id;
  const owner = actors.userA.userId ?? "";
  await database.db
    .update(profiles)
    .set({ isPublic: true, handle: "cache-walker", displayName: "Walker" })
    .where(eq(profiles.id, owner));
  const [collection] = await database.db
    .insert(collections)
    .values({ userId: owner, title: "Walked", isPublic: true })
    .returning();
  samples.set("/u/:handle", "/u/cache-walker");
  samples.set("/c/:ref", collectionPath(collection ?? { id: "", title: "" }));
});

/** For a page whose path has a parameter: an address that shows a real one. */
const samples = new Map<string, string>();

function concrete(path: string) {
  for (const [pattern, sample] of samples) {
    if (path === pattern || path.startsWith(`${pattern}.`)) return path.replace(pattern, sample);
  }
  return path;
}
afterAll(async () => {
  await listening.close();
  await database.close();
});

/** Every page app/routes.ts declares, with a made-up path standing in for the catch-all. */
const pages = [...new Set(routePaths(routes))];
/** Each page and React Router's data request for its loaders (the home page's is /_.data). */
const pageRequests = pages.flatMap((page) => [
  [page, page],
  [page === "/" ? "/_.data" : `${page}.data`, page],
]);

/** The same for everyone: a shared cache may keep them. */
const publicPaths = new Set([...pagePaths("public"), "/sitemap.xml", "/robots.txt"]);

/** Every route the server registers (API, sign-in, health, SEO), with its parameters filled in. */
function serverRoutes() {
  const seen = new Set<string>();
  return app.routes
    .filter((route) => !["ALL", "HEAD", "OPTIONS"].includes(route.method))
    .filter((route) => !route.path.includes("*"))
    .map((route) => ({
      method: route.method,
      path: route.path
        .replace(":id", promptId)
        .replace(":name", "walk")
        .replace(/\/$/, "")
        .concat(route.path === "/api/v1/export" ? "?format=json" : ""),
    }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      return !seen.has(key) && seen.add(key);
    });
}

type Variant = "visitor" | "stale" | "person" | "admin";

/** A cookie the server never issued: a request that looks the session up has it cleared. */
const staleCookie = `ps_session=${"x".repeat(43)}`;

function cookieOf(variant: Variant, people: { person: Actor; admin: Actor }) {
  if (variant === "visitor") return "";
  if (variant === "stale") return staleCookie;
  return people[variant].cookie;
}

interface Answer {
  variant: Variant;
  status: number;
  cacheControl: string;
  setCookies: string[];
  /** Status, redirect target and body, with what changes at every render taken out. */
  signature: string;
}

async function ask(
  method: string,
  path: string,
  variant: Variant,
  people: { person: Actor; admin: Actor },
): Promise<Answer> {
  const cookie = cookieOf(variant, people);
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  const writing = method !== "GET";
  if (writing) headers["content-type"] = "application/json";
  const res = await app.request(concrete(path), {
    method,
    headers,
    ...(writing ? { body: method === "DELETE" ? "{}" : '{"walk":true}' } : {}),
  });
  let body = "";
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) await res.body?.cancel();
  else body = await res.text();
  return {
    variant,
    status: res.status,
    cacheControl: res.headers.get("cache-control") ?? "(none)",
    setCookies: res.headers.getSetCookie(),
    signature: [
      res.status,
      res.headers.get("location") ?? "",
      body.replace(/nonce(="|-)[\w+/=]+/g, "nonce"),
    ].join("\n"),
  };
}

/** Whether the server looked the session up: it clears a cookie it never issued. */
const readTheSession = (answer: Answer) =>
  answer.setCookies.some((line) => /^ps_session=;.*Max-Age=0/i.test(line));

const personalCacheControl = /^(private, )?no-store$/;

/** Checks the rule that applies to a route's answers, and says which one it was. */
function expectRule(path: string, answers: Answer[], page = path) {
  const read = answers.some(readTheSession);
  const differs = new Set(answers.map((answer) => answer.signature)).size > 1;
  const described = answers.map((answer) => `${answer.variant}: ${answer.cacheControl}`).join(", ");
  if (publicPaths.has(page)) {
    expect(read, `${path} looked the session up`).toBe(false);
    expect(differs, `${path} differs with the cookie`).toBe(false);
    for (const answer of answers) {
      expect(answer.cacheControl, `${path} (${described})`).toMatch(/^public\b/);
      expect(answer.setCookies, `${path} set a cookie`).toEqual([]);
    }
    return "public";
  }
  if (read || differs) {
    for (const answer of answers) {
      expect(answer.cacheControl, `${path} (${described})`).toMatch(personalCacheControl);
    }
    return "personal";
  }
  return "the same for everyone, never looked up";
}

describe("only answers that are the same for everyone may be kept by a shared cache", () => {
  const variants: Variant[] = ["visitor", "stale", "person", "admin"];

  it.each(pageRequests)("page %s, with and without a session", async (path, page) => {
    const people = { person: actors.userA, admin: actors.admin };
    const answers: Answer[] = [];
    for (const variant of variants) answers.push(await ask("GET", path, variant, people));
    expectRule(path, answers, page);
  });

  it("every GET route of the server, with and without a session", async () => {
    const people = { person: actors.userA, admin: actors.admin };
    const gets = serverRoutes().filter((route) => route.method === "GET");
    expect(gets.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/healthz",
        "/readyz",
        "/sitemap.xml",
        "/robots.txt",
        "/api/v1/session",
        "/api/v1/prompts",
        "/api/v1/events",
        "/auth/callback",
      ]),
    );
    const rules = new Map<string, string>();
    for (const route of gets) {
      const answers: Answer[] = [];
      for (const variant of variants) answers.push(await ask("GET", route.path, variant, people));
      rules.set(route.path, expectRule(route.path, answers));
    }
    // The walk tells the session's answers from the rest, so it checks what it should.
    expect(rules.get("/api/v1/session")).toBe("personal");
    expect(rules.get("/api/v1/prompts")).toBe("personal");
    expect(rules.get("/healthz")).toBe("the same for everyone, never looked up");
  });

  it("every write route of the server, with and without a session", async () => {
    const writes = serverRoutes().filter((route) => route.method !== "GET");
    expect(writes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(["POST /api/v1/prompts", "POST /auth/logout"]),
    );
    for (const route of writes) {
      // Fresh sessions for each route: signing out or deleting ends the one it is sent with.
      const fresh = await createActors(database.db);
      const people = { person: fresh.userA, admin: fresh.admin };
      const answers: Answer[] = [];
      for (const variant of variants) {
        answers.push(await ask(route.method, route.path, variant, people));
      }
      expectRule(route.path, answers);
    }
  });
});

describe("signed-in answers sent from memory", () => {
  it.each(["/api/v1/prompts?scope=personal", "/dashboard"])(
    "%s keeps private, no-store when the listener sends it again",
    async (path) => {
      const headers = { cookie: actors.userA.cookie };
      const first = await rawRequest(`${listenerOrigin}${path}`, { headers });
      expect(first.status).toBe(200);
      expect(first.headers["cache-control"]).toMatch(personalCacheControl);
      listening.calls.count = 0;
      const again = await rawRequest(`${listenerOrigin}${path}`, { headers });
      expect(listening.calls.count, "sent from memory by the listener").toBe(0);
      expect(again.status).toBe(200);
      expect(again.headers["cache-control"]).toMatch(personalCacheControl);
    },
  );
});
