import { afterAll, beforeAll, expect, it } from "vitest";
import { asActor, createActors } from "../../tests/support/actors.ts";
import { closeTestApps, createTestApp, testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { type ChangeFeed, createChangeFeed } from "./change-feed.ts";
import type { PromptChange } from "./prompt-change.ts";

let database: DatabaseHandle;
let feed: ChangeFeed;

beforeAll(async () => {
  database = await createTestDatabase();
  feed = createChangeFeed(database, testLogger());
  await feed.ready;
});
afterAll(async () => {
  await feed.close();
  await closeTestApps();
  await database.close();
});

/** Collects the events of one stream response until `count` prompt events arrived (or 2 s passed). */
async function readEvents(response: Response, count: number) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream");
  const decoder = new TextDecoder();
  const events: PromptChange[] = [];
  let text = "";
  const deadline = Date.now() + 2000;
  // A read that outlasts one wait is kept for the next: dropping it would drop its chunk.
  let pending = reader.read();
  while (events.length < count && Date.now() < deadline) {
    const next = await Promise.race([
      pending,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 100)),
    ]);
    if (next === null) continue;
    if (next.done) break;
    pending = reader.read();
    text += decoder.decode(next.value, { stream: true });
    const blocks = text.split("\n\n");
    text = blocks.pop() ?? "";
    for (const block of blocks) {
      if (!block.includes("event: prompt")) continue;
      const data = block
        .split("\n")
        .find((line) => line.startsWith("data: "))
        ?.slice(6);
      if (data) events.push(JSON.parse(data));
    }
  }
  await reader.cancel();
  return events;
}

it("streams changes to shared prompts within two seconds, and never personal ones", async () => {
  const app = await createTestApp({ db: database.db, changeFeed: feed });
  const actors = await createActors(database.db);
  expect((await app.request("/api/v1/events", asActor(actors.visitor))).status).toBe(401);

  const stream = await app.request("/api/v1/events", asActor(actors.userB));
  expect(stream.headers.get("content-type")).toContain("text/event-stream");
  const events = readEvents(stream, 3);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const post = (json: unknown) =>
    app.request("/api/v1/prompts", asActor(actors.userA, { method: "POST", json }));
  await post({ promptText: "Private thought", shared: false });
  const shared = (await (
    await post({ promptText: "For everyone", useCase: "claude", shared: true })
  ).json()) as { id: string };
  await app.request(
    `/api/v1/prompts/${shared.id}`,
    asActor(actors.userA, { method: "PATCH", json: { promptText: "For everyone, edited" } }),
  );
  await app.request(`/api/v1/prompts/${shared.id}`, asActor(actors.userA, { method: "DELETE" }));
  expect(await events).toEqual([
    { type: "created", id: shared.id, category: "claude" },
    { type: "updated", id: shared.id, category: "claude" },
    { type: "deleted", id: shared.id, category: "claude" },
  ]);
});
