import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, asActor } from "../../tests/support/actors.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { favourites } from "../db/schema.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let me: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  const user = await createUser(database.db);
  me = { name: "userA", userId: user.id, cookie: await signedInCookie(database.db, user.id) };
  for (const title of ["Alpha", "beta", "Gamma"]) {
    const prompt = await createPrompt(database.db, { userId: user.id, title, isShared: true });
    await database.db.insert(favourites).values({ userId: user.id, promptId: prompt.id });
  }
});
afterAll(async () => {
  await database.close();
});

/** Each list order, the query that asks for it, and the name its cursors carry. */
const lists = [
  { query: "scope=community&sort=newest", order: "newest", kind: "time" },
  { query: "scope=community&sort=oldest", order: "oldest", kind: "time" },
  { query: "scope=community&sort=title", order: "title", kind: "title" },
  { query: "scope=community&sort=copies", order: "copies", kind: "count" },
  { query: "scope=favourites", order: "starred", kind: "time" },
  { query: "scope=favourites&sort=copies", order: "copies", kind: "count" },
] as const;

const goodId = "6f1c2d3e-4a5b-4c6d-8e7f-901234567890";
const goodValue = { time: "2024-01-01T00:00:00.000Z", title: "alpha", count: 0 } as const;

const badIds: [string, unknown][] = [
  ["36 zeros", "0".repeat(36)],
  ["36 dashes", "-".repeat(36)],
  ["a UUID in upper case with a stray letter", "6F1C2D3E-4A5B-4C6D-8E7F-90123456789G"],
  ["a UUID without dashes", "6f1c2d3e4a5b4c6d8e7f901234567890"],
  ["a number", 1],
];
const badValues: Record<(typeof lists)[number]["kind"], [string, unknown][]> = {
  time: [
    ["the string 1", "1"],
    ["the last moment JavaScript holds", "+275760-09-13T00:00:00.000Z"],
    ["a year past 275760", "+275761-01-01T00:00:00.000Z"],
    ["year 10000", "+010000-01-01T00:00:00.000Z"],
    ["year 0", "0000-01-01T00:00:00.000Z"],
    ["a date without a time", "2024-01-01"],
    ["a time with an offset", "2024-01-01T00:00:00.000+01:00"],
    ["the 30th of February", "2024-02-30T00:00:00.000Z"],
    ["a date in words", "January 1, 2024"],
    ["a number", 0],
  ],
  title: [
    ["a NUL", "a\u0000b"],
    ["an unpaired surrogate", "a\uD800b"],
    ["a very long title", "x".repeat(201)],
    ["a number", 1],
  ],
  count: [
    ["1e300", 1e300],
    ["2^31", 2 ** 31],
    ["-1", -1],
    ["1.5", 1.5],
    ["a string", "1"],
  ],
};

function cursorOf(...parts: unknown[]) {
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

describe("a crafted list cursor is refused with 400, never a server error", () => {
  const cases = lists.flatMap((list) => [
    ...badIds.map(([what, id]) => ({
      list: list.query,
      what: `id: ${what}`,
      cursor: cursorOf(list.order, goodValue[list.kind], id),
    })),
    ...badValues[list.kind].map(([what, value]) => ({
      list: list.query,
      what: `value: ${what}`,
      cursor: cursorOf(list.order, value, goodId),
    })),
    {
      list: list.query,
      what: "a fourth field",
      cursor: cursorOf(list.order, goodValue[list.kind], goodId, "more"),
    },
    { list: list.query, what: "not base64url", cursor: "a+b/c=" },
  ]);

  it.each(cases)("$list, $what", async ({ list, cursor }) => {
    const res = await app.request(
      `/api/v1/prompts?${list}&cursor=${encodeURIComponent(cursor)}`,
      asActor(me),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.message).toMatch(/^cursor: /);
  });
});

it.each(lists)("$query pages through every prompt with the cursors it gives", async ({ query }) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const url = `/api/v1/prompts?${query}&limit=1${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await app.request(url, asActor(me));
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: { id: string }[]; nextCursor: string | null };
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  expect(seen).toHaveLength(3);
  expect(new Set(seen).size).toBe(3);
});
