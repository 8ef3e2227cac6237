import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import type { TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import type { ChangeFeed } from "../live/change-feed.ts";

// MCP searches answered from memory: never stale after a change, whoever made it, and never
// another person's.
let database: DatabaseHandle;
let app: TestApp;
let feed: ChangeFeed;
let queries = 0;

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: () => queries++ });
  ({ feed, app } = await signedInMemory(database, { env: { ADMIN_EMAILS: "chief@example.com" } }));
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

const viaApp = async (url: string | URL, init?: RequestInit) => app.request(String(url), init);

async function client(email?: string) {
  const person = await apiPerson(database.db, app, email ? { email } : {});
  const made = await person.call("POST", "/api/v1/tokens", {
    name: "kept",
    scope: "write",
    ...(email ? { admin: true } : {}),
  });
  const mcp = await connectMcp({
    origin: "http://localhost:3000",
    token: made.body.token,
    fetch: viaApp,
  });
  const search = async (args: Record<string, unknown>) => {
    const before = queries;
    const { value } = toolJson(await mcp.callTool({ name: "search_prompts", arguments: args }));
    return {
      texts: (value.items as { text: string }[]).map((item) => item.text),
      queries: queries - before,
    };
  };
  return { person, mcp, search };
}

it("the same search again costs no query, and its person's own change shows at once", async () => {
  const { person, mcp, search } = await client();
  await person.call("POST", "/api/v1/prompts", { promptText: "okapi one", shared: false });
  expect((await search({ query: "okapi" })).texts).toEqual(["okapi one"]);
  // Once the notice of the new prompt has come back from the database, nothing more is asked.
  const again = await eventually(
    () => search({ query: "okapi" }),
    (found) => found.queries === 0,
  );
  expect(again).toEqual({ texts: ["okapi one"], queries: 0 });
  // A write through MCP shows on the very next search.
  await mcp.callTool({ name: "save_prompt", arguments: { text: "okapi two" } });
  expect((await search({ query: "okapi" })).texts).toEqual(["okapi two", "okapi one"]);
  // And one made anywhere else (here straight in the database) as soon as it is announced.
  await database.db
    .update(prompts)
    .set({ promptText: "okapi three" })
    .where(eq(prompts.promptText, "okapi one"));
  const after = await eventually(
    () => search({ query: "okapi" }),
    (found) => found.texts.includes("okapi three"),
  );
  expect(after.texts).toEqual(["okapi two", "okapi three"]);
});

it("another person's share reaches a kept search within the community window", async () => {
  const { search } = await client();
  const other = await apiPerson(database.db, app);
  expect((await search({ query: "tapir", scope: "community" })).texts).toEqual([]);
  await other.call("POST", "/api/v1/prompts", { promptText: "tapir shared", shared: true });
  const found = await eventually(
    () => search({ query: "tapir", scope: "community" }),
    (result) => result.texts.length > 0,
  );
  expect(found.texts).toEqual(["tapir shared"]);
});

it("each person gets their own answer to the same search, and administrators' are never kept", async () => {
  const first = await client();
  const second = await client();
  await first.person.call("POST", "/api/v1/prompts", { promptText: "quagga mine", shared: false });
  expect((await first.search({ query: "quagga" })).texts).toEqual(["quagga mine"]);
  expect((await second.search({ query: "quagga" })).texts).toEqual([]);
  const admin = await client("chief@example.com");
  await admin.search({ query: "quagga", scope: "community" });
  expect((await admin.search({ query: "quagga", scope: "community" })).queries).toBeGreaterThan(0);
});
