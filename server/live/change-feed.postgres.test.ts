import { afterAll, beforeAll, expect, it } from "vitest";
import { asActor, createActors } from "../../tests/support/actors.ts";
import { closeTestApps, createTestApp, testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { createChangeFeed } from "./change-feed.ts";
import type { PromptChange } from "./prompt-change.ts";

// PostgreSQL only (PGlite is one process): two app instances sharing one database.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await closeTestApps();
  await database.close();
});

it("a change made through one instance reaches the other instance's feed", async () => {
  if (database.driver !== "postgres") throw new Error("this suite runs on PostgreSQL");
  const url = (database.pool.options as { connectionString: string }).connectionString;
  const other = await openDatabase({ driver: "postgres", url });
  const feed = createChangeFeed(database, testLogger());
  const otherFeed = createChangeFeed(other, testLogger());
  try {
    const app = await createTestApp({ db: database.db, changeFeed: feed });
    const actors = await createActors(database.db);
    await otherFeed.ready;
    const heard = new Promise<PromptChange | null>((resolve) => {
      otherFeed.subscribe(resolve);
      setTimeout(() => resolve(null), 2000);
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
  } finally {
    await feed.close();
    await otherFeed.close();
    await other.close();
  }
});
