import { afterAll, beforeAll, expect, it } from "vitest";
import type { PromptChange } from "../../shared/prompt.ts";
import { asActor, createActors } from "../../tests/support/actors.ts";
import { streamEnds } from "../../tests/support/event-stream.ts";
import { createTestApp, testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { createChangeFeed } from "./change-feed.ts";

// PostgreSQL only (PGlite is one process): two app instances sharing one database.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A second instance on the same database, each with its change feed; closed after `use`. */
async function withTwoInstances(
  use: (instances: {
    app: Awaited<ReturnType<typeof createTestApp>>;
    otherApp: Awaited<ReturnType<typeof createTestApp>>;
    otherFeed: ReturnType<typeof createChangeFeed>;
  }) => Promise<void>,
) {
  if (database.driver !== "postgres") throw new Error("this suite runs on PostgreSQL");
  const url = (database.pool.options as { connectionString: string }).connectionString;
  const other = await openDatabase({
    driver: "postgres",
    url,
    directUrl: database.directUrl,
    preparedStatements: url === database.directUrl,
  });
  const feed = createChangeFeed(database, testLogger());
  const otherFeed = createChangeFeed(other, testLogger());
  try {
    const app = await createTestApp({ db: database.db, changeFeed: feed });
    const otherApp = await createTestApp({ db: other.db, changeFeed: otherFeed });
    await Promise.all([feed.ready, otherFeed.ready]);
    await use({ app, otherApp, otherFeed });
  } finally {
    await feed.close();
    await otherFeed.close();
    await other.close();
  }
}

it("a change made through one instance reaches the other instance's feed", async () => {
  await withTwoInstances(async ({ app, otherFeed }) => {
    const actors = await createActors(database.db);
    const heard = new Promise<PromptChange | null>((resolve) => {
      otherFeed.subscribe(resolve);
    });
    const res = await app.request(
      "/api/v1/prompts",
      asActor(actors.userA, {
        method: "POST",
        json: { promptText: "Across instances", shared: true },
      }),
    );
    const created = (await res.json()) as { id: string };
    expect(await heard).toEqual({ type: "created", id: created.id, category: null });
  });
});

it("signing out through another instance ends the open event stream", async () => {
  await withTwoInstances(async ({ app, otherApp }) => {
    const { userA } = await createActors(database.db);
    const stream = await app.request("/api/v1/events", asActor(userA));
    expect(stream.status).toBe(200);
    const ends = streamEnds(stream);
    const out = await otherApp.request("/auth/logout", {
      method: "POST",
      headers: {
        origin: "http://localhost:3000",
        cookie: userA.cookie,
        accept: "application/json",
      },
    });
    expect(out.status).toBe(200);
    expect(await ends).toBe(true);
  });
});
