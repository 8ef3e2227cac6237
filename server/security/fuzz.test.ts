import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Actor, type ActorName, createActors } from "../../tests/support/actors.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { percentEncode } from "../../tests/support/percent-encode.ts";
import { closeTestApps, createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;
let realId = "";
let requests = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  actors = await createActors(database.db);
  realId = (await createPrompt(database.db, { userId: actors.userA.userId, isShared: true })).id;
});
afterAll(async () => {
  process.stdout.write(`fuzz: ${requests} requests\n`);
  await closeTestApps();
  await database.close();
});

const hostileString = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\uD800",
    "x\uDFFFy",
    "\u202Eevil\u202C",
    "\u200F",
    "%00",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "{{x}}",
    "\\",
    "%",
    "_",
    "null",
    "undefined",
    "NaN",
    "-1",
    "1e309",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constant("x".repeat(1_048_576)),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const deepJson = fc
  .integer({ min: 100, max: 20_000 })
  .map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);

/** Bodies shaped like each schema's fields, with any values, plus garbage and hostile JSON. */
const body = fc.oneof(
  fc
    .record(
      {
        promptText: anyValue,
        useCase: anyValue,
        shared: anyValue,
        name: anyValue,
        parentId: anyValue,
        folderId: anyValue,
        confirmEmail: anyValue,
        keepSharedPrompts: anyValue,
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.json(),
  deepJson,
  hostileString,
);
const pathParam = fc.oneof(
  fc.constant(realId).map(() => realId),
  fc.uuid(),
  hostileString.map((s) => percentEncode(s.slice(0, 200))),
);
const query = fc
  .dictionary(
    fc.constantFrom(
      "scope",
      "q",
      "category",
      "folder",
      "tag",
      "starred",
      "sort",
      "limit",
      "cursor",
      "format",
      "prompts",
      "dryRun",
    ),
    hostileString.map((s) => s.slice(0, 300)),
    { maxKeys: 5 },
  )
  .map((params) => new URLSearchParams(params as Record<string, string>).toString());

const operations: [string, (id: string) => string][] = [
  ["GET", () => "/api/v1/prompts"],
  ["POST", () => "/api/v1/prompts"],
  ["GET", (id) => `/api/v1/prompts/${id}`],
  ["PATCH", (id) => `/api/v1/prompts/${id}`],
  ["DELETE", (id) => `/api/v1/prompts/${id}`],
  ["PUT", (id) => `/api/v1/prompts/${id}/folder`],
  ["POST", (id) => `/api/v1/prompts/${id}/tags`],
  ["DELETE", (id) => `/api/v1/prompts/${id}/tags/${id}`],
  ["PUT", (id) => `/api/v1/prompts/${id}/favourite`],
  ["DELETE", (id) => `/api/v1/prompts/${id}/favourite`],
  ["POST", (id) => `/api/v1/prompts/${id}/copies`],
  ["POST", (id) => `/api/v1/prompts/${id}/save`],
  ["GET", () => "/api/v1/folders"],
  ["POST", () => "/api/v1/folders"],
  ["PATCH", (id) => `/api/v1/folders/${id}`],
  ["DELETE", (id) => `/api/v1/folders/${id}`],
  ["GET", () => "/api/v1/tags"],
  ["PATCH", (id) => `/api/v1/tags/${id}`],
  ["DELETE", (id) => `/api/v1/tags/${id}`],
  ["GET", () => "/api/v1/export"],
  ["POST", () => "/api/v1/import"],
  ["GET", () => "/api/v1/session"],
  ["POST", () => "/dashboard"],
  ["POST", () => "/admin"],
];

it.each(operations)(
  "%s %s never answers 5xx or shows a stack trace, whatever it is sent",
  async (method, path) => {
    await fc.assert(
      fc.asyncProperty(
        pathParam,
        query,
        body,
        fc.constantFrom<ActorName>("visitor", "userA", "userB", "admin"),
        async (id, search, payload, actor) => {
          const formPost = method === "POST" && !path(id).startsWith("/api/");
          const headers: Record<string, string> = {
            origin: "http://localhost:3000",
            "content-type": formPost ? "application/x-www-form-urlencoded" : "application/json",
          };
          if (actors[actor].cookie) headers.cookie = actors[actor].cookie;
          requests++;
          const res = await app.request(`${path(id)}?${search}`, {
            method,
            headers,
            ...(method === "GET" || method === "HEAD"
              ? {}
              : {
                  body: formPost
                    ? `intent=${percentEncode(payload.slice(0, 50))}&promptText=${percentEncode(payload.slice(0, 1000))}`
                    : payload,
                }),
          });
          const text = await res.text();
          expect(
            res.status,
            `${method} ${path(id)}?${search} → ${text.slice(0, 200)}`,
          ).toBeLessThan(500);
          expect(text).not.toMatch(/\n\s+at .+:\d+:\d+|DrizzleQueryError|Failed query/);
        },
      ),
      { numRuns: 80 },
    );
  },
);
