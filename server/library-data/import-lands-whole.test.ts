import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { collectionsPerPerson } from "../../shared/collection.ts";
import type { PromptChange } from "../../shared/prompt.ts";
import { promptPath } from "../../shared/public-address.ts";
import { asActor } from "../../tests/support/actors.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { connectMcp } from "../../tests/support/mcp-client.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import {
  collections,
  favourites,
  folders,
  importRuns,
  profiles,
  prompts,
  promptTags,
  tags,
} from "../db/schema.ts";
import type { ChangeFeed } from "../live/change-feed.ts";
import { libraryFormat } from "./export-library.ts";

// Issue 39: an import refused at its last step (a 50th collection made meanwhile) had its shared
// prompts in everyone's search for as long as it ran. Nothing of an import is to be seen by
// anyone until it has landed whole.

let database: DatabaseHandle;
let feed: ChangeFeed;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // Pages and lists kept in memory as the server keeps them, dropped as the database announces.
  ({ feed, app } = await signedInMemory(database, { additionsLagMs: 0 }));
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/** Every prompt event an open stream receives, as it comes, until `close`. */
function collectEvents(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream");
  const events: PromptChange[] = [];
  const decoder = new TextDecoder();
  let text = "";
  const reading = (async () => {
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (next.done) return;
      text += decoder.decode(next.value, { stream: true });
      const blocks = text.split("\n\n");
      text = blocks.pop() ?? "";
      for (const block of blocks) {
        if (!block.includes("event: prompt")) continue;
        const data = block.split("\n").find((line) => line.startsWith("data: "));
        if (data) events.push(JSON.parse(data.slice(6)) as PromptChange);
      }
    }
  })();
  return {
    events,
    async close() {
      await reader.cancel().catch(() => {});
      await reading;
    },
  };
}

/** Waits (a notice at a time) until `done` holds of the events so far. */
async function untilEvent(events: PromptChange[], done: (event: PromptChange) => boolean) {
  const deadline = Date.now() + 10_000;
  while (!events.some(done)) {
    if (Date.now() > deadline) throw new Error("the event never came");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Lets the rest of the process run before asking again: on PGlite a query answers without
 * leaving the microtask queue, so a loop of them would hold back the import's own turns.
 */
const turn = () => new Promise((resolve) => setImmediate(resolve));

const word = "zebrafinchquill";
/** In every prompt of the file, never in what anyone searches for. */
const mark = "kestrelplume";

it("shows no prompt of an import refused at its end, to anyone, at any moment", {
  timeout: 120_000,
}, async () => {
  const importer = await apiPerson(database.db, app);
  const other = await apiPerson(database.db, app);
  const count = 400;
  // The person keeps one collection short of the most; the file brings one more.
  await database.db.insert(collections).values(
    Array.from({ length: collectionsPerPerson - 1 }, (_, i) => ({
      userId: importer.user.id,
      title: `Mine ${i}`,
    })),
  );
  const file = JSON.stringify({
    format: libraryFormat,
    prompts: Array.from({ length: count }, (_, i) => ({
      id: `p${i}`,
      promptText: `Shared prompt ${i} about the ${word} ${mark}: ${"a careful sentence. ".repeat(12)}`,
      category: "birds",
      shared: true,
    })),
    collections: [{ title: "From the file", items: [{ promptId: "p0", note: "" }] }],
  });

  const stream = await app.request("/api/v1/events", asActor(other.actor));
  expect(stream.status).toBe(200);
  const watching = collectEvents(stream);
  const importing = importer.upload("/api/v1/import", file);
  let settled = false;
  void importing.finally(() => {
    settled = true;
  });

  // Wait until the import's rows are in the table, then make the 50th collection: its last
  // step, adding the file's collection, is refused.
  const ofImport = and(eq(prompts.userId, importer.user.id), isNotNull(prompts.importRunId));
  const written = async () =>
    (await database.db.select({ id: prompts.id }).from(prompts).where(ofImport)).map((r) => r.id);
  let ids = await written();
  while (ids.length === 0 && !settled) {
    await turn();
    ids = await written();
  }
  expect(ids.length).toBeGreaterThan(0);
  await database.db
    .insert(collections)
    .values({ userId: importer.user.id, title: "Made meanwhile" });

  // While it runs, another person looks for its prompts every way they could.
  const sightings: string[] = [];
  let looks = 0;
  do {
    looks++;
    const search = await other.call("GET", `/api/v1/prompts?scope=community&q=${word}`);
    if (search.text.includes(mark)) sightings.push("community search");
    const newest = await other.call("GET", "/api/v1/prompts?scope=community");
    if (newest.text.includes(mark)) sightings.push("community list");
    const page = await app.request(`/prompts?q=${word}`);
    expect(page.status).toBe(200);
    if ((await page.text()).includes(mark)) sightings.push("/prompts?q=");
    ids = [...new Set([...ids, ...(await written())])];
    await turn();
  } while (!settled);

  const refused = await importing;
  expect(refused.status).toBe(413);
  expect(refused.body.error.detail).toBe("collection_limit");
  expect(await written()).toEqual([]);

  // A prompt shared after the import ended is announced after anything the import caused.
  const later = await other.call("POST", "/api/v1/prompts", { promptText: "After", shared: true });
  await untilEvent(watching.events, (event) => event.id === later.body.id);
  await watching.close();
  const announced = watching.events.filter((event) => ids.includes(event.id));

  expect({ looks: looks > 0, sightings: [...new Set(sightings)], announced }).toEqual({
    looks: true,
    sightings: [],
    announced: [],
  });
  const count0 = await database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(prompts)
    .where(eq(prompts.userId, importer.user.id));
  expect(count0[0]?.n).toBe(0);
});

it("keeps an import in flight from everyone, its owner too, and shows all of it once it lands", async () => {
  const importer = await apiPerson(database.db, app);
  const other = await apiPerson(database.db, app);
  const handle = `lander${importer.user.id.slice(0, 8)}`;
  await database.db
    .update(profiles)
    .set({ isPublic: true, handle })
    .where(eq(profiles.id, importer.user.id));
  const token = (await importer.call("POST", "/api/v1/tokens", { name: "mcp", scope: "read" })).body
    .token as string;
  const mine = (
    await importer.call("POST", "/api/v1/prompts", { promptText: "Already here", shared: true })
  ).body.id as string;

  // What an import has written part way: rows carrying its run's id, the run still on.
  const [run] = await database.db
    .insert(importRuns)
    .values({ userId: importer.user.id })
    .returning({ id: importRuns.id });
  const importRunId = run?.id ?? "";
  const [folder] = await database.db
    .insert(folders)
    .values({ userId: importer.user.id, name: `From the file ${mark}`, importRunId })
    .returning({ id: folders.id });
  const written = await database.db
    .insert(prompts)
    .values([
      {
        title: "Landing soon",
        category: "Landing soon",
        promptText: `Shared, about the ${word} ${mark}`,
        userId: importer.user.id,
        isShared: true,
        importRunId,
      },
      {
        title: "Mine soon",
        promptText: `Personal, about the ${word} ${mark}`,
        userId: importer.user.id,
        isShared: false,
        folderId: folder?.id,
        importRunId,
      },
    ])
    .returning({ id: prompts.id, title: prompts.title });
  const [shared, personal] = written;
  if (!shared || !personal) throw new Error("not written");
  await database.db.insert(favourites).values({ userId: importer.user.id, promptId: shared.id });
  // A tag of the person's own, which the import gave one of its prompts, and one it made.
  expect(
    (await importer.call("POST", `/api/v1/prompts/${mine}/tags`, { name: "birds" })).status,
  ).toBe(204);
  const [birds] = await database.db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.userId, importer.user.id));
  const [made] = await database.db
    .insert(tags)
    .values({ userId: importer.user.id, name: mark, importRunId })
    .returning({ id: tags.id });
  await database.db.insert(promptTags).values([
    { promptId: personal.id, tagId: birds?.id ?? "" },
    { promptId: personal.id, tagId: made?.id ?? "" },
  ]);
  const tagCounts = async () => (await importer.call("GET", "/api/v1/tags")).body;

  const stream = await app.request("/api/v1/events", asActor(other.actor));
  const watching = collectEvents(stream);
  const mcp = await connectMcp({
    origin: "http://localhost:3000",
    token,
    fetch: async (url, init) => app.request(String(url), init),
  });
  /**
   * Everything anyone may read that could show the import's prompts, as each reads it; the
   * public pages from `pages` (an instance's pages are a minute fresh, as with any new share).
   */
  const everything = async (pages: TestApp = app) => {
    const visitor = async (path: string) => (await pages.request(path)).text();
    return {
      communitySearch: (await other.call("GET", `/api/v1/prompts?scope=community&q=${word}`)).text,
      communityList: (await other.call("GET", "/api/v1/prompts?scope=community")).text,
      ownSearch: (await importer.call("GET", `/api/v1/prompts?scope=community&q=${word}`)).text,
      ownList: (await importer.call("GET", "/api/v1/prompts?scope=personal")).text,
      ownStars: (await importer.call("GET", "/api/v1/prompts?scope=favourites")).text,
      byId: (await importer.call("GET", `/api/v1/prompts/${personal.id}`)).text,
      export: (await importer.call("GET", "/api/v1/export")).text,
      folders: (await importer.call("GET", "/api/v1/folders")).text,
      tags: (await importer.call("GET", "/api/v1/tags")).text,
      browse: await visitor(`/prompts?q=${word}`),
      topic: await visitor("/prompts"),
      page: await visitor(promptPath(shared)),
      profile: await visitor(`/u/${handle}`),
      home: await visitor("/"),
      sitemap: await visitor("/sitemaps/prompts-1.xml"),
      mcpSearch: JSON.stringify(
        await mcp.callTool({ name: "search_prompts", arguments: { query: word } }),
      ),
      mcpPrompts: JSON.stringify(await mcp.listPrompts()),
    };
  };
  const shows = (seen: Record<string, string>) =>
    Object.entries(seen)
      .filter(([, text]) => text.includes(mark) || written.some((row) => text.includes(row.id)))
      .map(([where]) => where);

  expect(shows(await everything())).toEqual([]);
  expect(await tagCounts()).toEqual([{ name: "birds", promptCount: 1 }]);

  // The run's end is one statement, and all of it is there, and announced.
  await database.db.delete(importRuns).where(eq(importRuns.id, importRunId));
  await untilEvent(watching.events, (event) => event.id === shared.id);
  expect(watching.events.filter((event) => event.id === shared.id)).toEqual([
    { type: "created", id: shared.id, category: "Landing soon" },
  ]);
  // Public pages as an instance that kept none renders them; the sitemap's files are worked out
  // every few minutes, which is left to its own suite.
  const another = await createTestApp({ db: database.db });
  const landedIn = async () => shows({ ...(await everything(another)), sitemap: "" });
  expect(await eventually(landedIn, (where) => where.length === 16)).toEqual([
    "communitySearch",
    "communityList",
    "ownSearch",
    "ownList",
    "ownStars",
    "byId",
    "export",
    "folders",
    "tags",
    "browse",
    "topic",
    "page",
    "profile",
    "home",
    "mcpSearch",
    "mcpPrompts",
  ]);
  expect(await tagCounts()).toEqual([
    { name: "birds", promptCount: 2 },
    { name: mark, promptCount: 1 },
  ]);
  await mcp.close();
  await watching.close();
});

it("lets nothing of an import in flight stay behind an account deleted keeping its shared prompts", async () => {
  const leaving = await apiPerson(database.db, app);
  const kept = await leaving.call("POST", "/api/v1/prompts", {
    promptText: "Mine, and everyone's",
    shared: true,
  });
  const [run] = await database.db
    .insert(importRuns)
    .values({ userId: leaving.user.id })
    .returning({ id: importRuns.id });
  const [pending] = await database.db
    .insert(prompts)
    .values({
      title: "Halfway",
      promptText: `Written part way ${mark}`,
      userId: leaving.user.id,
      isShared: true,
      importRunId: run?.id,
    })
    .returning({ id: prompts.id });
  const deleted = await leaving.call("DELETE", "/api/v1/account", {
    confirmEmail: leaving.user.email,
    keepSharedPrompts: true,
  });
  expect(deleted.status).toBe(204);
  const left = await database.db
    .select({ id: prompts.id })
    .from(prompts)
    .where(inArray(prompts.id, [kept.body.id, pending?.id ?? ""]));
  expect(left).toEqual([{ id: kept.body.id }]);
});
