import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import { communityWindowMs } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { accessTokens, prompts } from "../db/schema.ts";

// MCP has one path (decision 0014): every call, a kept search included, is answered by the SDK's
// server in the app, behind the Node listener as production serves it. A kept search costs no
// query, is never served stale or for a revoked token, and counts against the token's limit.
let database: DatabaseHandle;
let listener: Awaited<ReturnType<typeof startTestListener>>;
let queries = 0;

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: () => queries++ });
  listener = await startTestListener(database, { env: { RATE_LIMIT_TOKEN: "8" } });
});
afterAll(async () => {
  await listener.close();
  await database.close();
});

async function personWithToken() {
  const person = await apiPerson(database.db, listener.app);
  const made = await person.call("POST", "/api/v1/tokens", { name: "kept", scope: "read" });
  return { person, token: made.body.token as string, tokenId: made.body.id as string };
}

let ids = 0;
/**
 * A search_prompts call as the SDK's client sends it: the answer, whether it reached the app,
 * and the queries it cost.
 */
async function search(token: string, query: string) {
  const calls = listener.calls.count;
  const before = queries;
  const res = await fetch(`${listener.origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
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
    byApp: listener.calls.count - calls,
    queries: queries - before,
    body: text.startsWith("{") ? JSON.parse(text) : text,
  };
}

const texts = (answer: Awaited<ReturnType<typeof search>>): string[] =>
  JSON.parse(answer.body.result.content[0].text).items.map((item: { text: string }) => item.text);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("answers a kept search in the app, through the SDK, without a query, and never stale", async () => {
  const { person, token } = await personWithToken();
  await person.call("POST", "/api/v1/prompts", { promptText: "narwhal notes", shared: false });
  const first = await search(token, "narwhal");
  expect(first).toMatchObject({ status: 200, byApp: 1 });
  expect(texts(first)).toEqual(["narwhal notes"]);
  // Once the new prompt's notice is back, the same search is kept: the app answers it, from memory.
  const again = await eventually(
    () => search(token, "narwhal"),
    (answer) => answer.queries === 0,
  );
  expect(again).toMatchObject({ status: 200, byApp: 1, queries: 0 });
  expect(again.body).toEqual({ ...first.body, id: again.body.id });
  // A change to the library is never answered from memory.
  await database.db
    .update(prompts)
    .set({ promptText: "narwhal notes, edited" })
    .where(eq(prompts.promptText, "narwhal notes"));
  const changed = await eventually(
    () => search(token, "narwhal"),
    (answer) => texts(answer).includes("narwhal notes, edited"),
  );
  expect(changed.byApp).toBe(1);
});

it("answers a search behind on another person's share alone from memory while it is made again", async () => {
  const { token } = await personWithToken();
  const other = await apiPerson(database.db, listener.app);
  expect(await search(token, "ibex")).toMatchObject({ status: 200, byApp: 1 });
  await eventually(
    () => search(token, "ibex"),
    (answer) => answer.queries === 0,
  );
  await other.call("POST", "/api/v1/prompts", { promptText: "ibex shared", shared: true });
  await pause(communityWindowMs + 300);
  // Behind on the share alone: still answered as kept, with no query of its own, while it is
  // made again in the background.
  const behind = await search(token, "ibex");
  expect(behind).toMatchObject({ status: 200, byApp: 1 });
  expect(texts(behind)).toEqual([]);
  const remade = await eventually(
    () => search(token, "ibex"),
    (answer) => texts(answer).length > 0,
  );
  expect(texts(remade)).toEqual(["ibex shared"]);
});

it("stops answering for a token revoked anywhere, and counts every call against the token's limit", async () => {
  const { token } = await personWithToken();
  const answers = [];
  for (let i = 0; i < 9; i++) answers.push(await search(token, "dugong"));
  // Eight a minute: every one through the app, kept or not, the ninth refused.
  expect(answers.slice(0, 8).map((answer) => answer.status)).toEqual(Array(8).fill(200));
  expect(answers.every((answer) => answer.byApp === 1)).toBe(true);
  expect(answers.some((answer) => answer.queries === 0)).toBe(true);
  expect(answers[8]).toMatchObject({ status: 429, byApp: 1 });

  const other = await personWithToken();
  await eventually(
    () => search(other.token, "dugong"),
    (answer) => answer.queries === 0,
  );
  await database.db.delete(accessTokens).where(eq(accessTokens.id, other.tokenId));
  const refused = await eventually(
    () => search(other.token, "dugong"),
    (answer) => answer.status === 401,
  );
  expect(refused).toMatchObject({ status: 401, byApp: 1 });
});

/** A request whose body stream is counted each time something asks for it. */
class WatchedRequest extends Request {
  static streams = 0;
  override get body() {
    WatchedRequest.streams++;
    return super.body;
  }
}

it("reads a call's body directly, never through a stream, and answers one that is not JSON as the protocol says", async () => {
  const { token } = await personWithToken();
  const call = (body: string) =>
    listener.app.fetch(
      new WatchedRequest("http://localhost:3000/mcp", {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-06-18",
        },
        body,
      }),
    );
  const listed = await call(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
  expect(listed.status).toBe(200);
  expect((await listed.json()).result.tools.length).toBeGreaterThan(0);
  expect(WatchedRequest.streams).toBe(0);
  const broken = await call("{ not json");
  expect(broken.status).toBe(400);
  expect((await broken.json()).error.code).toBe(-32700);
});
