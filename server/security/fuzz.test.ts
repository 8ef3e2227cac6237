import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Actor, type ActorName, createActors } from "../../tests/support/actors.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { percentEncode } from "../../tests/support/percent-encode.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { folders } from "../db/schema.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;
let realId = "";
/** userA's folders, each inside the one before: moves among them try to make loops. */
const folderIds: string[] = [];
let requests = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  actors = await createActors(database.db);
  realId = (await createPrompt(database.db, { userId: actors.userA.userId, isShared: true })).id;
  for (const name of ["Top", "Middle", "Bottom"]) {
    const made: { id: string }[] = await database.db
      .insert(folders)
      .values({ userId: actors.userA.userId ?? "", name, parentId: folderIds.at(-1) ?? null })
      .returning({ id: folders.id });
    folderIds.push(made[0]?.id ?? "");
  }
});
afterAll(async () => {
  process.stdout.write(`fuzz: ${requests} requests\n`);
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

/** Dates JavaScript holds and PostgreSQL may not, and strings that are not dates at all. */
const hostileDate = fc.oneof(
  fc.constantFrom(
    "0000-01-01T00:00:00Z",
    "-000001-01-01T00:00:00Z",
    "+275760-09-13T00:00:00.000Z",
    "-271821-04-20T00:00:00.000Z",
    "1969-12-31T23:59:59Z",
    "9999-12-31T23:59:59.999Z",
    "2024-02-30",
    "1",
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  hostileString,
);
const someFolder = fc.constantFrom(0, 1, 2).map((index) => folderIds[index] ?? "");
/** Cursors shaped like the ones lists give out, with any value in each place. */
const hostileCursor = fc
  .tuple(
    fc.constantFrom("newest", "oldest", "title", "copies", "starred", "x"),
    fc.oneof(
      hostileDate,
      fc.integer(),
      fc.double(),
      fc.constantFrom(1e300, 2 ** 31, -1),
      hostileString,
    ),
    fc.oneof(fc.uuid(), fc.constant("-".repeat(36)), hostileString),
  )
  .map((cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url"));
/** A folder path of up to 5,000 levels, as a CSV cell writes it. */
const folderPath = fc
  .integer({ min: 1, max: 5_000 })
  .map((levels) => Array.from({ length: levels }, (_, i) => `f${i}`).join(" / "));
const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;
/** Library files: deep folder paths and chains, loops, many tags and stars, hostile dates. */
const importFile = fc.oneof(
  fc
    .tuple(folderPath, hostileDate, hostileString)
    .map(
      ([path, date, text]) =>
        `act,prompt,category,tags,folder,created_at\n${[text, `x${text}`, text, text, path, date].map(csvCell).join(",")}\n`,
    ),
  fc
    .record({
      levels: fc.integer({ min: 1, max: 2_000 }),
      loop: fc.boolean(),
      tags: fc.integer({ min: 0, max: 6_000 }),
      stars: fc.integer({ min: 0, max: 21_000 }),
      date: hostileDate,
    })
    .map(({ levels, loop, tags, stars, date }) =>
      JSON.stringify({
        format: "promptshelf-library",
        folders: Array.from({ length: levels }, (_, i) => ({
          id: `f${i}`,
          name: `f${i}`,
          parentId: i === 0 ? (loop ? `f${levels - 1}` : null) : `f${i - 1}`,
        })),
        favourites: Array.from({ length: stars }, (_, i) => ({
          promptId:
            i % 2 ? "-".repeat(36) : `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        })),
        prompts: [
          {
            promptText: "deep",
            folderId: `f${levels - 1}`,
            tags: Array.from({ length: tags }, (_, i) => `t${i}`),
            createdAt: date,
          },
        ],
      }),
    ),
);

/** Bodies shaped like each schema's fields, with any values, plus garbage and hostile JSON. */
const body = fc.oneof(
  fc
    .record(
      {
        promptText: anyValue,
        useCase: anyValue,
        shared: anyValue,
        name: anyValue,
        parentId: fc.oneof(anyValue, someFolder),
        folderId: fc.oneof(anyValue, someFolder),
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
  someFolder,
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
      "title",
    ),
    fc.oneof(
      hostileString.map((s) => s.slice(0, 300)),
      hostileCursor,
      someFolder,
    ),
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
  ["GET", () => "/api/v1/snippets"],
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
        path("").endsWith("/import") ? fc.oneof(importFile, body) : body,
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
