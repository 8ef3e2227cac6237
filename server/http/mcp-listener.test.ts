import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import { communityWindowMs } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { accessTokens, prompts } from "../db/schema.ts";

// MCP searches kept in memory, answered by the Node listener before the app: the same answer as
// the app's, never once it is stale, never for a revoked token, and counted against the token.
let database: DatabaseHandle;
let listener: Awaited<ReturnType<typeof startTestListener>>;

beforeAll(async () => {
  database = await createTestDatabase();
  listener = await startTestListener(database, { env: { RATE_LIMIT_TOKEN: "8" } });
});
afterAll(async () => {
  await listener.close();
  await database.close();
});

async function personWithToken() {
  const person = await apiPerson(database.db, listener.app);
  const made = await person.call("POST", "/api/v1/tokens", { name: "fast", scope: "read" });
  return { person, token: made.body.token as string, tokenId: made.body.id as string };
}

let ids = 0;
/** A search_prompts call as the SDK's client sends it: what reached the app, and the answer. */
async function search(token: string, query: string, headers: Record<string, string> = {}) {
  const before = listener.calls.count;
  const res = await fetch(`${listener.origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: ++ids,
      method: "tools/call",
      params: { name: "search_prompts", arguments: { query } },
    }),
  });
  const text = await res.text();
  return {
    status: res.status,
    byApp: listener.calls.count - before,
    body: text.startsWith("{") ? JSON.parse(text) : text,
  };
}

/** Runs `read` until `done` holds of its result (a notice crossing the database takes a moment). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("answers a kept search itself, the same answer the app gave, and sends anything else on", async () => {
  const { person, token } = await personWithToken();
  await person.call("POST", "/api/v1/prompts", { promptText: "narwhal notes", shared: false });
  const first = await search(token, "narwhal");
  expect(first).toMatchObject({ status: 200, byApp: 1 });
  const again = await eventually(
    () => search(token, "narwhal"),
    (answer) => answer.byApp === 0,
  );
  expect(again.byApp).toBe(0);
  expect(again.body).toEqual({ ...first.body, id: again.body.id });
  expect(JSON.parse(again.body.result.content[0].text).items[0].text).toBe("narwhal notes");
  // A browser's call goes to the app, which adds the CORS headers.
  const fromBrowser = await search(token, "narwhal", { origin: "https://inspector.example" });
  expect(fromBrowser).toMatchObject({ status: 200, byApp: 1 });
  expect(fromBrowser.body).toEqual({ ...first.body, id: fromBrowser.body.id });
  // A change to the library is never answered from memory.
  await database.db
    .update(prompts)
    .set({ promptText: "narwhal notes, edited" })
    .where(eq(prompts.promptText, "narwhal notes"));
  const changed = await eventually(
    () => search(token, "narwhal"),
    (answer) => answer.body.result.content[0].text.includes("edited"),
  );
  expect(JSON.parse(changed.body.result.content[0].text).items[0].text).toBe(
    "narwhal notes, edited",
  );
});

it("answers a search behind on another person's share alone from memory while it is made again", async () => {
  const { token } = await personWithToken();
  const other = await apiPerson(database.db, listener.app);
  const texts = (answer: Awaited<ReturnType<typeof search>>) =>
    JSON.parse(answer.body.result.content[0].text).items.map((item: { text: string }) => item.text);
  expect(await search(token, "ibex")).toMatchObject({ status: 200, byApp: 1 });
  await pause(300);
  expect(await search(token, "ibex")).toMatchObject({ status: 200, byApp: 0 });
  await other.call("POST", "/api/v1/prompts", { promptText: "ibex shared", shared: true });
  await pause(communityWindowMs + 300);
  // Behind on the share alone: still the listener's to answer, as kept, while it is made again.
  const behind = await search(token, "ibex");
  expect(behind).toMatchObject({ status: 200, byApp: 0 });
  expect(texts(behind)).toEqual([]);
  await pause(300);
  const remade = await search(token, "ibex");
  expect(remade).toMatchObject({ status: 200, byApp: 0 });
  expect(texts(remade)).toEqual(["ibex shared"]);
});

it("stops answering for a token revoked anywhere, and counts against the token's limit", async () => {
  const { token, tokenId } = await personWithToken();
  const answers = [];
  for (let i = 0; i < 9; i++) answers.push(await search(token, "dugong"));
  // Eight a minute: the first from the app, most of the rest from memory, the ninth refused.
  expect(answers.slice(0, 8).map((answer) => answer.status)).toEqual(Array(8).fill(200));
  expect(answers.filter((answer) => answer.byApp === 0).length).toBeGreaterThan(3);
  expect(answers[8]).toMatchObject({ status: 429, byApp: 1 });

  const other = await personWithToken();
  await eventually(
    () => search(other.token, "dugong"),
    (answer) => answer.byApp === 0,
  );
  await database.db.delete(accessTokens).where(eq(accessTokens.id, other.tokenId));
  const refused = await eventually(
    () => search(other.token, "dugong"),
    (answer) => answer.status === 401,
  );
  expect(refused).toMatchObject({ status: 401, byApp: 1 });
  expect(tokenId).not.toBe(other.tokenId);
});
