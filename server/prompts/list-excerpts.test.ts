import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewLength } from "../../shared/prompt.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { favourites } from "../db/schema.ts";
import { listStatement } from "./list-statement.ts";
import { listPromptsQuery } from "./prompt-input.ts";

/**
 * Lists and pages carry an excerpt of each prompt, never its whole text: with prompts as long as
 * they may be (200,000 characters), a page of 24 of them would otherwise weigh about 5 MB.
 */

const longest = 200_000;
const bound = 200_000;

/** A text of the longest allowed size; its last word is found nowhere else. */
function longText(label: string) {
  const opening = `${label} opens the long prompt. `;
  const closing = ` Closing word ${label}-omega.`;
  const filler = "Describe every step of the plan in plain words and check each one. ";
  const middle = filler.repeat(Math.ceil(longest / filler.length));
  return `${opening}${middle}`.slice(0, longest - closing.length) + closing;
}

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookies: { author: string; reader: string; admin: string };
let authorViewer: Viewer;
const shared = new Map<string, string>();
const personal = new Map<string, string>();
const every = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  const author = await createUser(database.db, { name: "Long Author" });
  const reader = await createUser(database.db);
  const admin = await createUser(database.db, { email: "admin@example.com" });
  authorViewer = {
    userId: author.id,
    email: author.email,
    name: author.name,
    avatarUrl: null,
    username: null,
    isAdmin: false,
  };
  cookies = {
    author: await signedInCookie(database.db, author.id),
    reader: await signedInCookie(database.db, reader.id),
    admin: await signedInCookie(database.db, admin.id),
  };
  for (let index = 0; index < 24; index++) {
    const sharedText = longText(`shared${index}`);
    const row = await createPrompt(database.db, {
      userId: author.id,
      isShared: true,
      title: "claude",
      category: "claude",
      promptText: sharedText,
    });
    shared.set(row.id, sharedText);
    await database.db.insert(favourites).values({ userId: reader.id, promptId: row.id });
    const personalText = longText(`personal${index}`);
    const own = await createPrompt(database.db, { userId: author.id, promptText: personalText });
    personal.set(own.id, personalText);
    every.set(row.id, sharedText).set(own.id, personalText);
  }
});
afterAll(async () => {
  await database?.close();
});

async function weigh(path: string, cookie?: string) {
  const res = await app.request(path, { headers: cookie ? { cookie } : {} });
  expect(res.status, path).toBe(200);
  const body = await res.text();
  return { body, bytes: Buffer.byteLength(body) };
}

interface ListItem {
  id: string;
  promptText: string;
  truncated: boolean;
}

/** Every item is the start of its prompt, long enough for a card, and says the rest exists. */
function expectExcerpts(items: ListItem[], texts: Map<string, string>) {
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const whole = texts.get(item.id) ?? "";
    expect(item.truncated).toBe(true);
    expect(item.promptText.length).toBeGreaterThan(previewLength);
    expect(item.promptText.length).toBeLessThan(1_000);
    expect(whole.startsWith(item.promptText)).toBe(true);
  }
}

describe("with 24 prompts of 200,000 characters", () => {
  it.each([
    ["/central", "reader"],
    ["/central.data", "reader"],
    ["/community", "reader"],
    ["/favourites", "reader"],
    ["/claude-prompts", "reader"],
    ["/dashboard", "author"],
    ["/admin", "admin"],
    ["/", undefined],
    ["/claude-prompt-library", undefined],
  ] as const)("the page %s stays under 200 KB and holds no prompt's end", async (path, who) => {
    const { body, bytes } = await weigh(path, who && cookies[who]);
    expect(bytes, `${path} weighs ${bytes} bytes`).toBeLessThan(bound);
    expect(body).not.toMatch(/-omega/);
  });

  it.each([
    ["scope=community", "reader", shared, 24],
    ["scope=favourites", "reader", shared, 24],
    ["scope=personal", "author", personal, 24],
    ["scope=all&limit=100", "admin", every, 48],
  ] as const)(
    "GET /api/v1/prompts?%s stays under 200 KB, each item an excerpt",
    async (query, who, texts, count) => {
      const { body, bytes } = await weigh(`/api/v1/prompts?${query}`, cookies[who]);
      expect(bytes, `${query} weighs ${bytes} bytes`).toBeLessThan(bound);
      const { items } = JSON.parse(body) as { items: ListItem[] };
      expect(items).toHaveLength(count);
      expectExcerpts(items, texts);
    },
  );

  it("a search still matches the whole text, and lists the excerpt", async () => {
    const [id, text] = [...shared][5] ?? [];
    const { body } = await weigh("/api/v1/prompts?scope=community&q=shared5-omega", cookies.reader);
    const { items } = JSON.parse(body) as { items: ListItem[] };
    expect(items.map((item) => item.id)).toEqual([id]);
    expectExcerpts(items, shared);
    expect(text?.endsWith("shared5-omega.")).toBe(true);
  });

  it("GET /api/v1/prompts/:id still gives the whole text", async () => {
    for (const [id, text] of [...shared].slice(0, 3)) {
      const { body } = await weigh(`/api/v1/prompts/${id}`, cookies.reader);
      const prompt = JSON.parse(body) as ListItem;
      expect(prompt.truncated).toBe(false);
      expect(prompt.promptText).toHaveLength(longest);
      expect(prompt.promptText).toBe(text);
    }
  });

  it("saving a prompt to your library copies its whole text", async () => {
    const [id, text] = [...shared][0] ?? [];
    const res = await app.request(`/api/v1/prompts/${id}/save`, {
      method: "POST",
      headers: { cookie: cookies.reader, origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(201);
    const copy = (await res.json()) as ListItem;
    expect(copy.promptText).toBe(text);
    const read = await weigh(`/api/v1/prompts/${copy.id}`, cookies.reader);
    expect((JSON.parse(read.body) as ListItem).promptText).toBe(text);
  });

  it("a sorted list reads the start of a text only for the prompts on its page", async () => {
    const query = listPromptsQuery.parse({ scope: "personal", sort: "title", limit: "5" });
    const plan = await explain(listStatement({ db: database.db, viewer: authorViewer, ...query }));
    const all = nodes(plan);
    // Sorting the author's 24 prompts by title, then reading 6 texts' starts (a page and one).
    expect(all.map((node) => node["Node Type"])).toContain("Sort");
    const lookups = all.filter((node) => node.Alias === "excerpt_source");
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) expect(lookup["Actual Loops"]).toBeLessThanOrEqual(6);
  });
});

it("cuts excerpts by characters as PostgreSQL counts them, never inside an emoji", async () => {
  const owner = await createUser(database.db);
  const cookie = await signedInCookie(database.db, owner.id);
  const texts = ["🙂".repeat(300), "🙂".repeat(301)];
  for (const promptText of texts) await createPrompt(database.db, { userId: owner.id, promptText });
  const { body } = await weigh("/api/v1/prompts?scope=personal", cookie);
  const { items } = JSON.parse(body) as { items: ListItem[] };
  expect(items.map(({ promptText, truncated }) => ({ promptText, truncated }))).toEqual(
    expect.arrayContaining([
      { promptText: texts[0], truncated: false },
      { promptText: texts[0], truncated: true },
    ]),
  );
});

interface PlanNode {
  "Node Type": string;
  Alias?: string;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

async function explain(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const text = `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`;
  const { rows } =
    database.driver === "postgres"
      ? await database.pool.query<Record<string, unknown>>(text, params)
      : await database.client.query<Record<string, unknown>>(text, params);
  const cell = rows[0]?.["QUERY PLAN"];
  const [explained] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  return explained.Plan;
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}
