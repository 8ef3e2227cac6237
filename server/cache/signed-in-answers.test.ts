import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Actor, asActor, createActors } from "../../tests/support/actors.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { heardSoFar } from "../../tests/support/heard-so-far.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import type { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts, sessions, users } from "../db/schema.ts";
import type { ChangeFeed } from "../live/change-feed.ts";
import { communityWindowMs } from "./cache-versions.ts";
import type { KeptAnswers } from "./kept-answers.ts";

// Signed-in pages, lists and sessions served from memory: never stale after a change, whoever
// or whatever made it, and never another person's.
let database: DatabaseHandle;
let versions: KeptAnswers["channel"];
let feed: ChangeFeed;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Awaited<ReturnType<typeof createActors>>;
let queries = 0;

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: () => queries++ });
  const memory = await signedInMemory(database);
  ({ feed, app } = memory);
  versions = memory.kept.channel;
  actors = await createActors(database.db);
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

const get = async (path: string, actor: Actor) => app.request(path, asActor(actor));
const texts = async (res: Response) =>
  ((await res.json()) as { items: { promptText: string }[] }).items.map((item) => item.promptText);

/** How many database statements the request cost. */
async function queriesOf(request: () => Response | Promise<Response>) {
  const before = queries;
  const res = await request();
  await res.arrayBuffer();
  return { status: res.status, queries: queries - before };
}

it("a second read of the same list or page costs no query at all, and says it came from memory", async () => {
  for (const path of ["/api/v1/prompts?scope=personal", "/dashboard", "/central"]) {
    expect((await queriesOf(() => get(path, actors.userA))).status).toBe(200);
    expect(await queriesOf(() => get(path, actors.userA))).toEqual({ status: 200, queries: 0 });
  }
  const path = "/api/v1/prompts?scope=favourites";
  expect((await get(path, actors.userA)).headers.get("cache-status")).toBeNull();
  expect((await get(path, actors.userA)).headers.get("cache-status")).toBe("PromptShelf; hit");
});

it("a write through the app shows on its author's very next read, and to others within the community window", async () => {
  const path = "/api/v1/prompts?scope=community";
  await get(path, actors.userA);
  await get(path, actors.userB);
  const created = await app.request(
    "/api/v1/prompts",
    asActor(actors.userA, {
      method: "POST",
      json: { promptText: "Shared right now", shared: true },
    }),
  );
  expect(created.status).toBe(201);
  expect(await texts(await get(path, actors.userA))).toContain("Shared right now");
  const seen = await eventually(
    async () => texts(await get(path, actors.userB)),
    (items) => items.includes("Shared right now"),
  );
  expect(seen).toContain("Shared right now");
});

it("a shared prompt edited, withdrawn or deleted anywhere leaves others' kept lists at once", async () => {
  const path = "/api/v1/prompts?scope=community";
  const owner = actors.userA.userId ?? "";
  const prompt = await createPrompt(database.db, {
    userId: owner,
    promptText: "Leaked key sk-123",
    isShared: true,
  });
  const shown = await eventually(
    async () => texts(await get(path, actors.userB)),
    (items) => items.includes("Leaked key sk-123"),
  );
  expect(shown).toContain("Leaked key sk-123");

  await database.db
    .update(prompts)
    .set({ promptText: "Key removed" })
    .where(eq(prompts.id, prompt.id));
  await heardSoFar(database, versions);
  expect(await texts(await get(path, actors.userB))).toContain("Key removed");

  await database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, prompt.id));
  await heardSoFar(database, versions);
  expect(await texts(await get(path, actors.userB))).not.toContain("Key removed");

  await database.db.update(prompts).set({ isShared: true }).where(eq(prompts.id, prompt.id));
  await eventually(
    async () => texts(await get(path, actors.userB)),
    (items) => items.includes("Key removed"),
  );
  await database.db.delete(prompts).where(eq(prompts.id, prompt.id));
  await heardSoFar(database, versions);
  expect(await texts(await get(path, actors.userB))).not.toContain("Key removed");
});

it("pinning or ordering a shared prompt tells its owner's pages and no community page", async () => {
  const owner = actors.userA.userId ?? "";
  const other = actors.userB.userId ?? "";
  const prompt = await createPrompt(database.db, { userId: owner, isShared: true });
  await heardSoFar(database, versions);
  const community = versions.of(other);
  const own = versions.of(owner);
  await database.db
    .update(prompts)
    .set({ pinnedAt: new Date(), position: "05" })
    .where(eq(prompts.id, prompt.id));
  await heardSoFar(database, versions);
  expect(versions.of(other)).toBe(community);
  expect(versions.of(owner)).not.toBe(own);

  // Its text is the community's, though: that drops kept community pages at once.
  await database.db.update(prompts).set({ promptText: "Changed" }).where(eq(prompts.id, prompt.id));
  await heardSoFar(database, versions);
  expect(versions.of(other)).not.toBe(community);
});

it("another person's share leaves a page of one's own private prompts kept, and a community page is served at once while it is rendered again", async () => {
  await get("/dashboard", actors.userB);
  await get("/central", actors.userB);
  const created = await app.request(
    "/api/v1/prompts",
    asActor(actors.userA, { method: "POST", json: { promptText: "Shared for all", shared: true } }),
  );
  expect(created.status).toBe(201);
  // Past the community window, so that the share has moved the community on.
  await new Promise((resolve) => setTimeout(resolve, communityWindowMs + 50));
  expect(await queriesOf(() => get("/dashboard", actors.userB))).toEqual({
    status: 200,
    queries: 0,
  });
  // Behind on a share alone: the kept page is sent at once, and rendered again behind it.
  const behind = await get("/central", actors.userB);
  expect(behind.status).toBe(200);
  expect(await behind.text()).not.toContain("Shared for all");
  const page = await eventually(
    async () => (await get("/central", actors.userB)).text(),
    (html) => html.includes("Shared for all"),
  );
  expect(page).toContain("Shared for all");
});

it("a change made outside this process reaches cached lists through the database", async () => {
  const path = "/api/v1/prompts?scope=personal";
  const userId = actors.userB.userId ?? "";
  await get(path, actors.userB);
  const prompt = await createPrompt(database.db, { userId, promptText: "Written elsewhere" });
  const seen = await eventually(
    async () => texts(await get(path, actors.userB)),
    (items) => items.includes("Written elsewhere"),
  );
  expect(seen).toContain("Written elsewhere");

  await database.db.delete(prompts).where(eq(prompts.id, prompt.id));
  const after = await eventually(
    async () => texts(await get(path, actors.userB)),
    (items) => !items.includes("Written elsewhere"),
  );
  expect(after).not.toContain("Written elsewhere");
});

it("an original's edit reaches the kept lists of everyone keeping a copy of it", async () => {
  const path = "/api/v1/prompts?scope=personal";
  const original = await createPrompt(database.db, {
    userId: actors.userA.userId,
    isShared: true,
    promptText: "An original others keep",
  });
  await database.db.insert(prompts).values({
    title: "Kept copy",
    promptText: "An original others keep",
    userId: actors.userB.userId,
    isShared: false,
    sourcePromptId: original.id,
    sourceVersion: 1,
  });
  const upstreams = async () =>
    (
      (await (await get(path, actors.userB)).json()) as { items: { upstream: string | null }[] }
    ).items
      .map((item) => item.upstream)
      .filter(Boolean);
  // The copy was written outside the app: its notice crosses the database first.
  expect(await eventually(upstreams, (states) => states.length > 0)).toEqual(["current"]);
  await database.db
    .update(prompts)
    .set({ promptText: "An original others keep, edited" })
    .where(eq(prompts.id, original.id));
  expect(await eventually(upstreams, (states) => states[0] === "updated")).toEqual(["updated"]);
});

it("each person gets only their own answer for the same address", async () => {
  const path = "/api/v1/prompts?scope=personal";
  await createPrompt(database.db, { userId: actors.userA.userId, promptText: "Only for A" });
  const forA = await eventually(
    async () => texts(await get(path, actors.userA)),
    (items) => items.includes("Only for A"),
  );
  expect(forA).toContain("Only for A");
  expect(await texts(await get(path, actors.userB))).not.toContain("Only for A");
  expect((await get(path, actors.visitor)).status).toBe(401);
});

it("a session ended in the database stops working at once, though it was kept in memory", async () => {
  const path = "/api/v1/prompts?scope=personal";
  const ended = await createActors(database.db);
  expect((await get(path, ended.userA)).status).toBe(200);
  await database.db.delete(sessions).where(eq(sessions.userId, ended.userA.userId ?? ""));
  const status = await eventually(
    async () => (await get(path, ended.userA)).status,
    (code) => code === 401,
  );
  expect(status).toBe(401);
});

it("signing out ends the session on the very next request", async () => {
  const signedOut = await createActors(database.db);
  expect((await get("/api/v1/session", signedOut.userA)).status).toBe(200);
  const out = await app.request("/auth/logout", asActor(signedOut.userA, { method: "POST" }));
  expect(out.status).toBeLessThan(400);
  expect(await (await get("/api/v1/session", signedOut.userA)).json()).toBeNull();
});

it("a renamed person's header and cards change without waiting for the minute", async () => {
  const userId = actors.userA.userId ?? "";
  await get("/api/v1/session", actors.userA);
  await database.db.update(users).set({ name: "Renamed Person" }).where(eq(users.id, userId));
  const session = await eventually(
    async () => (await (await get("/api/v1/session", actors.userA)).json()) as { name: string },
    (value) => value.name === "Renamed Person",
  );
  expect(session.name).toBe("Renamed Person");
});

it("writing a person's details again unchanged (as every sign-in does) drops nothing", async () => {
  const userId = actors.userB.userId ?? "";
  const [person] = await database.db.select().from(users).where(eq(users.id, userId));
  const before = versions.of(userId);
  await database.db
    .update(users)
    .set({ name: person?.name, email: person?.email, avatarUrl: person?.avatarUrl })
    .where(eq(users.id, userId));
  // Once every notice so far is heard, the update's would have been.
  await heardSoFar(database, versions);
  expect(versions.of(userId)).toBe(before);
});

it("administrators' answers are never kept", async () => {
  const path = "/api/v1/prompts?scope=all";
  expect((await queriesOf(() => get(path, actors.admin))).status).toBe(200);
  expect((await queriesOf(() => get(path, actors.admin))).queries).toBeGreaterThan(0);
});

it("nothing is served from memory while changes cannot be heard", async () => {
  const path = "/api/v1/prompts?scope=personal";
  await get(path, actors.userA);
  versions.setListening(false);
  try {
    expect((await queriesOf(() => get(path, actors.userA))).queries).toBeGreaterThan(0);
    await createPrompt(database.db, { userId: actors.userA.userId, promptText: "While deaf" });
    expect(await texts(await get(path, actors.userA))).toContain("While deaf");
  } finally {
    versions.setListening(true);
  }
  // What was kept before the gap is not served after it.
  expect((await queriesOf(() => get(path, actors.userA))).queries).toBeGreaterThan(0);
});
