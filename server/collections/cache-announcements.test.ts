import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { cacheChannel } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collectionStars, collections, profiles, users } from "../db/schema.ts";
import { type ChangeFeed, createChangeFeed } from "../live/change-feed.ts";

/**
 * What drizzle/0017 announces on cache_changes, so kept public pages are dropped at once:
 * 'profile:<user>' when what a profile or a collection's creator line shows changes, and
 * 'collection:<id>' when a collection, its items or its stars do.
 */
let database: DatabaseHandle;
let feed: ChangeFeed;
const heard: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  feed = createChangeFeed(database, testLogger(), {
    heard: (message) => heard.push(message),
    setListening: () => {},
    of: () => "",
    promptChanged: () => {},
  });
  await feed.ready;
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/** Runs a change, and answers the messages heard after it (waiting for the one expected). */
async function messagesOf(change: () => Promise<unknown>, expected: string) {
  heard.length = 0;
  await change();
  return eventually(
    async () => [...heard],
    (messages) => messages.includes(expected),
  );
}

it("announces a profile's person when what it shows changes, and only then", async () => {
  const user = await createUser(database.db);
  const profile = `profile:${user.id}`;
  const setProfile = (change: Partial<typeof profiles.$inferInsert>) =>
    database.db.update(profiles).set(change).where(eq(profiles.id, user.id));
  for (const change of [
    { isPublic: true },
    { handle: `h-${user.id.slice(0, 8)}` },
    { displayName: "Shown" },
    { showAvatar: true },
  ]) {
    expect(await messagesOf(() => setProfile(change), profile)).toContain(profile);
  }
  const picture = () =>
    database.db
      .update(users)
      .set({ avatarUrl: "https://example.com/new.png" })
      .where(eq(users.id, user.id));
  expect(await messagesOf(picture, profile)).toContain(profile);
  // The same values again change nothing anyone sees: nothing is heard before a marker sent
  // after them (notices arrive in the order they were committed).
  const marker = `marker:${user.id}`;
  const heardBeforeMarker = await messagesOf(async () => {
    await setProfile({ showAvatar: true });
    await database.db.execute(sql`select pg_notify(${cacheChannel}, ${marker})`);
  }, marker);
  expect(heardBeforeMarker).toEqual([marker]);
});

it("announces a collection and its owner's profile on changes to it, its items and its stars", async () => {
  const owner = await createUser(database.db);
  const fan = await createUser(database.db);
  const prompt = await createPrompt(database.db, { userId: fan.id, isShared: true });
  let id = "";
  const create = async () => {
    const [row] = await database.db
      .insert(collections)
      .values({ userId: owner.id, title: "Set", isPublic: true })
      .returning();
    id = row?.id ?? "";
  };
  expect(await messagesOf(create, `profile:${owner.id}`)).toContain(`profile:${owner.id}`);
  const collection = `collection:${id}`;
  const steps: (() => Promise<unknown>)[] = [
    () => database.db.update(collections).set({ title: "Renamed" }).where(eq(collections.id, id)),
    () =>
      database.db
        .insert(collectionItems)
        .values({ collectionId: id, promptId: prompt.id, position: 0 }),
    () =>
      database.db
        .update(collectionItems)
        .set({ note: "Why" })
        .where(eq(collectionItems.collectionId, id)),
    () => database.db.insert(collectionStars).values({ collectionId: id, userId: fan.id }),
    () => database.db.delete(collectionStars).where(eq(collectionStars.collectionId, id)),
    () => database.db.delete(collectionItems).where(eq(collectionItems.collectionId, id)),
    () => database.db.delete(collections).where(eq(collections.id, id)),
  ];
  for (const step of steps) {
    const messages = await messagesOf(step, collection);
    expect(messages, step.toString()).toContain(collection);
  }
  // Items changing also changes the count the owner's profile shows.
  await database.db
    .insert(collections)
    .values({ id, userId: owner.id, title: "Again", isPublic: true });
  const added = await messagesOf(
    () =>
      database.db
        .insert(collectionItems)
        .values({ collectionId: id, promptId: prompt.id, position: 0 }),
    `profile:${owner.id}`,
  );
  expect(added).toContain(`profile:${owner.id}`);
});
