import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "../../shared/pages.ts";
import { collectionPath, promptPath } from "../../shared/public-address.ts";
import { type Actor, type ActorName, createActors } from "../../tests/support/actors.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { percentEncode } from "../../tests/support/percent-encode.ts";
import { type RawResponse, rawRequest } from "../../tests/support/raw-request.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collections, folders, profiles } from "../db/schema.ts";
import { pageDataPath } from "../http/canonical-address.ts";

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
/**
 * Long runs of one character, and of the delimiters the template, search and front-matter parsers
 * look for, up to past the longest prompt text, ending in something else or in nothing: where
 * a parser backtracks or rescans, these take it quadratic.
 */
const longRun = fc
  .tuple(
    fc.constantFrom(
      "x",
      "é",
      "{{",
      "}}",
      "{",
      "${input:a:",
      "${",
      "$",
      ":",
      '\\"',
      '"',
      "\\",
      " ",
      "\t",
      "\n",
      "\r\n",
      "\u00a0",
      "\u3000",
      "---\n",
      "[",
      "|",
    ),
    // Short enough for a name or a use case, or up to past the longest prompt text.
    fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 250_000 })),
    fc.constantFrom("", "x", "}", "\n", "\u0000"),
  )
  .map(([unit, length, end]) => `${unit.repeat(Math.ceil(length / unit.length))}${end}`);
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
  // Eighty requests each, some heavy: a form posted to a page (/dashboard, /admin) is answered
  // with the whole page rendered again, an import reads a file. On two cores shared with other
  // test runs /dashboard's took 43 s and the import's 34 s, past the 20 s default. The room is
  // for a loaded machine; what is checked is the answers.
  90_000,
);

it.each(operations)(
  "%s %s answers long runs and repeated delimiters in every field with 2xx or 4xx",
  async (method, path) => {
    await fc.assert(
      fc.asyncProperty(
        pathParam,
        fc.dictionary(fc.constantFrom("q", "tag", "title", "category", "cursor"), longRun, {
          maxKeys: 2,
        }),
        // Each field a run or a value that would pass, so a run meets the parser behind the checks.
        fc.record({
          promptText: fc.oneof(longRun, fc.constant("Write a haiku about {{topic}}")),
          useCase: fc.oneof(longRun, fc.constant("Haiku")),
          name: fc.oneof(longRun, fc.constant("Poems")),
          title: fc.oneof(longRun, fc.constant("Openings")),
          description: fc.oneof(longRun, fc.constant("")),
          shared: fc.boolean(),
        }),
        fc.constantFrom<ActorName>("visitor", "userA", "admin"),
        async (id, params, fields, actor) => {
          const formPost = method === "POST" && !path(id).startsWith("/api/");
          const headers: Record<string, string> = {
            origin: "http://localhost:3000",
            "content-type": formPost ? "application/x-www-form-urlencoded" : "application/json",
          };
          if (actors[actor].cookie) headers.cookie = actors[actor].cookie;
          // An address longer than a proxy or Node would take is not the point here.
          const search = new URLSearchParams(
            Object.entries(params).map(([name, value]) => [name, value.slice(0, 8_000)]),
          ).toString();
          const text = fields.promptText ?? fields.name ?? "";
          requests++;
          const res = await app.request(`${path(id)}?${search}`, {
            method,
            headers,
            ...(method === "GET" || method === "HEAD"
              ? {}
              : {
                  body: formPost
                    ? `intent=create&promptText=${encodeURIComponent(text)}`
                    : path(id).endsWith("/import")
                      ? text
                      : JSON.stringify(fields),
                }),
          });
          const answer = await res.text();
          expect(res.status, `${method} ${path(id)} → ${answer.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 12 },
    );
  },
);

/**
 * Kept pages, whatever was asked before: any mix of HEAD and GET, encodings, and other spellings
 * of the address (a trailing slash, an extra or empty query, doubled slashes, upper case, a data
 * request's `_routes`) leaves a plain GET the whole page, the same as a fresh render, and no GET
 * is ever answered 200 with nothing. Each run starts from a server with nothing in memory, as
 * after a minute nobody asked.
 */
describe("kept pages, whatever was asked of them before", () => {
  /** Each kind's addresses, and whether they are asked with the person's session. */
  const kinds: Record<string, { paths: string[]; signedIn?: true }> = {};
  let person = "";

  beforeAll(async () => {
    const owner = actors.userA;
    const ownerId = owner.userId ?? "";
    person = owner.cookie;
    const handle = `fuzz-${ownerId.slice(0, 8)}`;
    await database.db
      .update(profiles)
      .set({ isPublic: true, handle, displayName: "Fuzz Owner" })
      .where(eq(profiles.id, ownerId));
    const shared = await createPrompt(database.db, {
      userId: ownerId,
      isShared: true,
      title: "Chess Coach",
      category: "Chess Coach",
      promptText: "Teach me chess, one opening at a time.",
    });
    const [collection] = await database.db
      .insert(collections)
      .values({ userId: ownerId, title: "Openings", isPublic: true })
      .returning();
    await database.db
      .insert(collectionItems)
      .values({ collectionId: collection?.id ?? "", promptId: shared.id, position: 0 });
    const perPerson = pagePaths("per-person");
    Object.assign(kinds, {
      "public page": { paths: pagePaths("public") },
      "public page data": { paths: pagePaths("public").map(pageDataPath) },
      search: { paths: ["/prompts?q=chess"] },
      "prompt page": { paths: [promptPath(shared)] },
      "prompt page data": { paths: [`${promptPath(shared)}.data`] },
      profile: { paths: [`/u/${handle}`] },
      "profile data": { paths: [`/u/${handle}.data`] },
      collection: { paths: [collectionPath(collection ?? { id: "", title: "" })] },
      "signed-in page": { paths: perPerson, signedIn: true },
      "signed-in page data": { paths: perPerson.map((path) => `${path}.data`), signedIn: true },
      "signed-in list": { paths: ["/api/v1/prompts?scope=community"], signedIn: true },
    });
  });

  /** The path written another way that reaches the same page, or the same with a query added. */
  const spell = (asked: string, spelling: string) => {
    const [path = "/", query] = asked.split("?");
    const withQuery = (extra: string) => `${path}?${query ? `${query}&` : ""}${extra}`;
    switch (spelling) {
      case "slash":
        return `${path}/${query ? `?${query}` : ""}`;
      case "double slash":
        return `/${asked}`;
      case "upper case":
        return asked.replace(/^\/[a-z-]+/, (word) => word.toUpperCase());
      case "extra query":
        return withQuery("utm_source=fuzz");
      case "empty query":
        return query ? asked : `${path}?`;
      case "routes":
        return withQuery(`_routes=${encodeURIComponent("root")}`);
      default:
        return asked;
    }
  };
  const step = fc.record({
    method: fc.constantFrom("GET", "HEAD"),
    encoding: fc.constantFrom(
      undefined,
      "br",
      "gzip",
      "identity",
      "gzip, deflate, br, zstd",
      "gzip;q=0, br;q=0",
      "br;q=0, gzip",
      "*",
      "*;q=0",
      "identity;q=0",
      "",
    ),
    spelling: fc.constantFrom(
      "plain",
      "plain",
      "slash",
      "double slash",
      "upper case",
      "extra query",
      "empty query",
      "routes",
    ),
  });

  /** Each page as a server with nothing in memory renders it, nonces aside. */
  const rendered = new Map<string, Promise<string>>();
  const withoutNonce = (text: string) => text.replaceAll(/nonce="[^"]*"/g, 'nonce=""');
  const freshRender = (path: string, cookie: string | undefined) => {
    const made =
      rendered.get(path) ??
      createTestApp({ db: database.db }).then(async (fresh) => {
        const headers: Record<string, string> = { "accept-encoding": "identity" };
        if (cookie) headers.cookie = cookie;
        const answer = await fresh.request(path, { headers });
        expect(answer.status, path).toBe(200);
        return withoutNonce(await answer.text());
      });
    rendered.set(path, made);
    return made;
  };
  const decoded = (answer: RawResponse) => {
    const encoding = answer.headers["content-encoding"];
    const body =
      encoding === "br"
        ? brotliDecompressSync(answer.body)
        : encoding === "gzip"
          ? gunzipSync(answer.body)
          : answer.body;
    return body.toString();
  };

  it.each([
    "public page",
    "public page data",
    "search",
    "prompt page",
    "prompt page data",
    "profile",
    "profile data",
    "collection",
    "signed-in page",
    "signed-in page data",
    "signed-in list",
  ])("%s: a plain GET after any mix of asks gets the whole page", async (kind) => {
    const pages = kinds[kind];
    if (!pages) throw new Error(`no pages of kind ${kind}`);
    const cookie = pages.signedIn ? person : undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages.paths),
        fc.array(step, { minLength: 1, maxLength: 5 }),
        async (path, steps) => {
          const expected = await freshRender(path, cookie);
          const listening = await startTestListener(database);
          try {
            const ask = (asked: string, method: string, encoding: string | undefined) => {
              const headers: Record<string, string> = {};
              if (encoding !== undefined) headers["accept-encoding"] = encoding;
              if (cookie) headers.cookie = cookie;
              requests++;
              return rawRequest(`${listening.origin}${asked}`, { method, headers });
            };
            for (const { method, encoding, spelling } of steps) {
              const asked = spell(path, spelling);
              const answer = await ask(asked, method, encoding);
              expect(answer.status, `${method} ${asked}`).toBeLessThan(500);
              if (method === "HEAD") expect(answer.body.length).toBe(0);
              else if (answer.status === 200) {
                expect(answer.body.length, `${method} ${asked}`).toBeGreaterThan(0);
              }
            }
            for (const encoding of ["identity", "br", "gzip"]) {
              const answer = await ask(path, "GET", encoding);
              expect(answer.status, `GET ${path} (${encoding})`).toBe(200);
              expect(withoutNonce(decoded(answer)), `GET ${path} (${encoding})`).toBe(expected);
            }
          } finally {
            await listening.close();
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
