import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PromptChange } from "../../shared/prompt.ts";
import { asActor, createActors } from "../../tests/support/actors.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createTestApp, type TestApp, testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { type ChangeFeed, createChangeFeed } from "./change-feed.ts";

let database: DatabaseHandle;
let feed: ChangeFeed;

beforeAll(async () => {
  database = await createTestDatabase();
  feed = createChangeFeed(database, testLogger());
  await feed.ready;
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/**
 * Reads one stream response: `ready` resolves once the stream listens (its "ready" event, sent
 * after it subscribed), `events` with the prompt events `keep` accepts once `count` of them came.
 */
function readEvents(
  response: Response,
  count: number,
  keep: (change: PromptChange) => boolean = () => true,
) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream");
  let listening = () => {};
  const ready = new Promise<void>((resolve) => {
    listening = resolve;
  });
  const read = async () => {
    const decoder = new TextDecoder();
    const events: PromptChange[] = [];
    let text = "";
    while (events.length < count) {
      const next = await reader.read();
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
      const blocks = text.split("\n\n");
      text = blocks.pop() ?? "";
      for (const block of blocks) {
        if (block.includes("event: ready")) listening();
        if (!block.includes("event: prompt")) continue;
        const data = block
          .split("\n")
          .find((line) => line.startsWith("data: "))
          ?.slice(6);
        const change = data ? (JSON.parse(data) as PromptChange) : null;
        if (change && keep(change)) events.push(change);
      }
    }
    await reader.cancel();
    return events;
  };
  return { ready, events: read() };
}

it("streams changes to shared prompts as they are made, and never personal ones", async () => {
  const app = await createTestApp({ db: database.db, changeFeed: feed });
  const actors = await createActors(database.db);
  expect((await app.request("/api/v1/events", asActor(actors.visitor))).status).toBe(401);

  const stream = await app.request("/api/v1/events", asActor(actors.userB));
  expect(stream.headers.get("content-type")).toContain("text/event-stream");
  const { ready, events } = readEvents(stream, 3);
  await ready;
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

describe("changes announced by the database reach open streams, whichever code made them", () => {
  async function watching() {
    const app = await createTestApp({ db: database.db, changeFeed: feed });
    const watcher = await apiPerson(database.db, app);
    const stream = await app.request("/api/v1/events", asActor(watcher.actor));
    expect(stream.status).toBe(200);
    return { app, stream };
  }
  async function sharing(app: TestApp, texts: string[]) {
    const author = await apiPerson(database.db, app);
    const ids: string[] = [];
    for (const promptText of texts) {
      const made = await author.call("POST", "/api/v1/prompts", {
        promptText,
        useCase: "writing",
        shared: true,
      });
      ids.push(made.body.id);
    }
    await author.call("POST", "/api/v1/prompts", { promptText: "Only mine", shared: false });
    return { author, ids };
  }

  it("an import of shared prompts is announced; its personal prompts are not", async () => {
    const { app, stream } = await watching();
    const { author, ids } = await sharing(app, ["Shared one", "Shared two"]);
    const file = (await author.call("GET", "/api/v1/export")).text;
    const { ready, events } = readEvents(stream, 2, (event) => !ids.includes(event.id));
    await ready;
    const importer = await apiPerson(database.db, app);
    expect((await importer.upload("/api/v1/import", file)).status).toBe(201);
    const imported = await database.db
      .select({ id: prompts.id, shared: prompts.isShared })
      .from(prompts)
      .where(eq(prompts.userId, importer.user.id));
    const got = await events;
    expect(got).toHaveLength(2);
    expect(got.every((event) => event.type === "created" && event.category === "writing")).toBe(
      true,
    );
    expect(new Set(got.map((event) => event.id))).toEqual(
      new Set(imported.filter((row) => row.shared).map((row) => row.id)),
    );
  });

  it.each([
    ["with its shared prompts announces each one gone", false, "deleted"],
    ["keeping its shared prompts announces them changed hands", true, "updated"],
  ] as const)("an account deleted %s", async (_name, keepSharedPrompts, type) => {
    const { app, stream } = await watching();
    const { author, ids } = await sharing(app, ["Shared one", "Shared two"]);
    const { ready, events } = readEvents(stream, 2, (event) => event.type !== "created");
    await ready;
    const deleted = await author.call("DELETE", "/api/v1/account", {
      confirmEmail: author.user.email,
      keepSharedPrompts,
    });
    expect(deleted.status).toBe(204);
    const got = await events;
    expect(got).toEqual(
      expect.arrayContaining(ids.map((id) => ({ type, id, category: "writing" }))),
    );
    expect(got).toHaveLength(2);
  });

  it("one statement announces at most its 20 newest shared prompts, oldest first", async () => {
    const { app, stream } = await watching();
    const author = await apiPerson(database.db, app);
    // The 20 announced, then a share made after them, which ends the reading: a 21st of the
    // statement's would come before it.
    const { ready, events } = readEvents(stream, 21, (event) =>
      ["bulk", "after the bulk"].includes(event.category ?? ""),
    );
    await ready;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      title: `Bulk ${i}`,
      promptText: `Bulk ${i}`,
      category: "bulk",
      userId: author.user.id,
      isShared: true,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    }));
    const inserted = await database.db
      .insert(prompts)
      .values(rows)
      .returning({ id: prompts.id, createdAt: prompts.createdAt });
    const newest = inserted
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(-20)
      .map((row) => row.id);
    const after = await author.call("POST", "/api/v1/prompts", {
      promptText: "After the bulk",
      useCase: "after the bulk",
      shared: true,
    });
    expect((await events).map((event) => event.id)).toEqual([...newest, after.body.id]);
  });
});
