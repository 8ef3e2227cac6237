import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionPath } from "../../shared/public-address.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import {
  createTestApp,
  type TestApp,
  testConfig,
  testKeptAnswers,
  testLogger,
} from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { KeptAnswers } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collectionStars, collections, profiles, users } from "../db/schema.ts";
import { type ChangeFeed, createChangeFeed } from "../live/change-feed.ts";

/**
 * The profile and collection pages as the server keeps them, with the database's announcements
 * heard: a kept copy goes as soon as what it shows changes, whichever code changed it.
 */
let database: DatabaseHandle;
let kept: KeptAnswers;
let feed: ChangeFeed;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  kept = testKeptAnswers(config);
  feed = createChangeFeed(database, testLogger(), kept.channel);
  await feed.ready;
  app = await createTestApp({ db: database.db, config, kept, changeFeed: feed });
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

const keptCopy = (url: string) =>
  kept.fresh({ url, headers: { "accept-encoding": "identity" } })?.body.toString();

/**
 * Renders the page until a copy is kept, and answers that copy: a render during which a change
 * was heard is not kept (and, until the cache's fix, its body is not sent; see the report).
 */
async function render(url: string) {
  const copy = await eventually(
    async () => {
      await app.request(url);
      return keptCopy(url);
    },
    (kept) => kept !== undefined,
  );
  expect(copy).toBeDefined();
  return copy ?? "";
}

/** Waits until the kept copy of the page is gone. */
async function expectDropped(url: string) {
  expect(
    await eventually(
      async () => keptCopy(url),
      (copy) => copy === undefined,
    ),
  ).toBe(undefined);
}

describe("kept profile and collection pages", () => {
  it("a profile's page goes when it is turned off or its picture changes, and never sends its tags", async () => {
    const user = await createUser(database.db);
    const handle = `kept-${user.id.slice(0, 8)}`;
    await database.db
      .update(profiles)
      .set({ isPublic: true, handle, displayName: "Kept Person", showAvatar: true })
      .where(eq(profiles.id, user.id));
    const url = `/u/${handle}`;
    expect(await render(url)).toContain("Kept Person");
    const served = await app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("x-kept-tags")).toBeNull();

    await database.db
      .update(users)
      .set({ avatarUrl: "https://images.example.com/new.png" })
      .where(eq(users.id, user.id));
    await expectDropped(url);
    expect(await render(url)).toContain("images.example.com/new.png");

    await database.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, user.id));
    await expectDropped(url);
    expect((await app.request(url)).status).toBe(404);
  });

  it("a profile's later pages are kept each on its own", async () => {
    const user = await createUser(database.db);
    const handle = `paged-${user.id.slice(0, 8)}`;
    await database.db
      .update(profiles)
      .set({ isPublic: true, handle, displayName: "Paged" })
      .where(eq(profiles.id, user.id));
    for (let n = 0; n < 30; n++) {
      await createPrompt(database.db, { userId: user.id, isShared: true, title: `Prompt ${n}` });
    }
    const one = await render(`/u/${handle}`);
    const two = await render(`/u/${handle}?page=2`);
    const canonical = (page: string) =>
      `<link rel="canonical" href="http://localhost:3000/u/${handle}${page}"/>`;
    expect(one).toContain(canonical(""));
    expect(two).toContain(canonical("?page=2"));
    expect(keptCopy(`/u/${handle}?page=2`)).toContain(canonical("?page=2"));
    expect(keptCopy(`/u/${handle}`)).toContain(canonical(""));
  });

  it("a collection's page goes when its items, its stars or its creator's profile change", async () => {
    const owner = await createUser(database.db);
    const fan = await createUser(database.db);
    const prompt = await createPrompt(database.db, {
      userId: fan.id,
      isShared: true,
      title: "Kept item",
    });
    const [collection] = await database.db
      .insert(collections)
      .values({ userId: owner.id, title: "Kept set", isPublic: true })
      .returning();
    if (!collection) throw new Error("no collection");
    const url = collectionPath(collection);
    const load = () => render(url);

    expect(await load()).not.toContain("Kept item");
    await database.db
      .insert(collectionItems)
      .values({ collectionId: collection.id, promptId: prompt.id, position: 0 });
    await expectDropped(url);
    expect(await load()).toContain("Kept item");

    await database.db
      .insert(collectionStars)
      .values({ collectionId: collection.id, userId: fan.id });
    await expectDropped(url);
    await load();

    await database.db
      .update(profiles)
      .set({ isPublic: true, handle: `owner-${owner.id.slice(0, 8)}`, displayName: "Owner Shown" })
      .where(eq(profiles.id, owner.id));
    await expectDropped(url);
    expect(await load()).toContain("Owner Shown");

    await database.db
      .update(collections)
      .set({ isPublic: false })
      .where(eq(collections.id, collection.id));
    await expectDropped(url);
    expect((await app.request(url)).status).toBe(404);
  });
});
