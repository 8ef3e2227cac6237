import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promptPath } from "../../shared/public-address.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { createTestApp, testConfig } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { cookieNames } from "../auth/cookies.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { favourites, profiles, prompts, storedPages, users } from "../db/schema.ts";
import { createKeptAnswers, forgetOldStoredPages, type KeptAnswers } from "./kept-answers.ts";
import { createStoredPages } from "./stored-pages.ts";

/**
 * Prompt pages stored in the database, through the app as the server runs it: a page is served
 * from its stored copy only while everything it shows reads as it did when it was rendered.
 * Memory is off for most of these, so every visit either reads the stored copy or renders.
 */
let database: DatabaseHandle;
const config = testConfig();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function keptAnswers(options: { build?: string; memory?: boolean } = {}) {
  return createKeptAnswers({
    sessionCookie: cookieNames(false).session,
    memory: options.memory ?? false,
    stored: { db: database.db, build: options.build ?? "build-a" },
  });
}

async function appWith(kept: KeptAnswers) {
  return createTestApp({ db: database.db, config, kept });
}

/** A shared prompt and a related one of the same title, both by one person. */
async function sharedPair() {
  const owner = await createUser(database.db);
  const values = {
    userId: owner.id,
    isShared: true,
    title: "Chess Coach",
    category: "Chess Coach",
  };
  const prompt = await createPrompt(database.db, {
    ...values,
    promptText: "Teach me chess.",
  });
  const otherText = `Play chess with ${owner.name}.`;
  const other = await createPrompt(database.db, {
    ...values,
    promptText: otherText,
  });
  return { owner, prompt, other, otherText, path: promptPath(prompt) };
}

const storedRow = (db: Database, path: string) =>
  db.select().from(storedPages).where(eq(storedPages.path, path));

/** Visits the page and waits until its rendered copy is stored. */
async function visitAndStore(app: Awaited<ReturnType<typeof appWith>>, path: string) {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  const rows = await eventually(
    () => storedRow(database.db, path),
    (found) => found.length === 1,
  );
  const [row] = rows;
  if (row === undefined || rows.length !== 1) throw new Error(`${path} was not stored once`);
  return row;
}

/**
 * Writes a marker over the stored copy's body, so a visit that shows the marker was answered
 * from the database, and one that does not was rendered.
 */
const marker = "<!doctype html><p>the stored copy</p>";
async function markStored(path: string) {
  const body = brotliCompressSync(Buffer.from(marker));
  await database.db
    .update(storedPages)
    .set({
      body,
      headers: sql`jsonb_set(${storedPages.headers}, '{content-length}', to_jsonb(${String(body.length)}::text))`,
    })
    .where(eq(storedPages.path, path));
}

const markedBody = (body: Buffer) => brotliDecompressSync(body).toString() === marker;

const bodyOf = async (app: Awaited<ReturnType<typeof appWith>>, path: string) =>
  (await app.request(path)).text();

describe("stored prompt pages", () => {
  it("serves a page from its stored copy in every encoding, without rendering it", async () => {
    const app = await appWith(keptAnswers());
    const { prompt, other, owner, path } = await sharedPair();
    const row = await visitAndStore(app, path);
    expect(row?.shownIds).toEqual([prompt.id, other.id]);
    expect(row?.tags).toEqual([`prompt:${prompt.id}`, `profile:${owner.id}`, `prompt:${other.id}`]);
    expect(row?.headers["content-encoding"]).toBe("br");
    expect(row?.headers["content-security-policy"]).toContain("script-src");

    await markStored(path);
    expect(await bodyOf(app, path)).toBe(marker);
    const br = await app.request(path, {
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gzip = await app.request(path, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(marker);
    const plain = await app.request(path, {
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(marker.length));
  });

  it("renders again when the prompt, its counts, its creator's name or a related prompt changed", async () => {
    const app = await appWith(keptAnswers());
    const { prompt, other, owner, path } = await sharedPair();
    const fan = await createUser(database.db);
    const changes: [string, () => Promise<unknown>, string][] = [
      [
        "its text",
        () =>
          database.db
            .update(prompts)
            .set({ promptText: "Teach me the Sicilian." })
            .where(eq(prompts.id, prompt.id)),
        "Teach me the Sicilian.",
      ],
      [
        "its stars",
        () => database.db.insert(favourites).values({ userId: fan.id, promptId: prompt.id }),
        "the stored copy",
      ],
      [
        "its copies",
        () =>
          database.db
            .update(prompts)
            .set({ copyCount: sql`${prompts.copyCount} + 1` })
            .where(eq(prompts.id, prompt.id)),
        "the stored copy",
      ],
      [
        "its creator's name",
        () =>
          database.db.update(users).set({ name: "Renamed Person" }).where(eq(users.id, owner.id)),
        "Renamed Person",
      ],
      [
        "its creator's public profile",
        () =>
          database.db
            .update(profiles)
            .set({
              isPublic: true,
              handle: `h${owner.id.slice(0, 8)}`,
              displayName: "Public Name",
            })
            .where(eq(profiles.id, owner.id)),
        "Public Name",
      ],
      [
        "a related prompt",
        () =>
          database.db
            .update(prompts)
            .set({ promptText: "Play blitz with me." })
            .where(eq(prompts.id, other.id)),
        "Play blitz with me.",
      ],
    ];
    for (const [what, change, shows] of changes) {
      await visitAndStore(app, path);
      await markStored(path);
      expect(await bodyOf(app, path), what).toBe(marker);
      await change();
      const body = await bodyOf(app, path);
      expect(body, what).not.toBe(marker);
      if (shows !== "the stored copy") expect(body, what).toContain(shows);
      // That render stores its page in place of the marked one: wait for it, or its save could
      // land after the next visit's and write over the next marker.
      await eventually(
        () => storedRow(database.db, path),
        ([found]) => found !== undefined && !markedBody(found.body),
      );
      await database.db.delete(storedPages).where(eq(storedPages.path, path));
    }
  });

  it("forgets every stored page showing a prompt made private or deleted", async () => {
    const app = await appWith(keptAnswers());
    const { prompt, other, otherText, path } = await sharedPair();
    const otherPath = promptPath(other);
    await visitAndStore(app, path);
    await visitAndStore(app, otherPath);

    await database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, other.id));
    expect(await storedRow(database.db, otherPath)).toEqual([]);
    // The page that listed it as related is gone too, so its title is nowhere stored.
    expect(await storedRow(database.db, path)).toEqual([]);
    expect((await app.request(otherPath)).status).toBe(404);
    expect(await bodyOf(app, path)).not.toContain(otherText);

    await visitAndStore(app, path);
    await database.db.delete(prompts).where(eq(prompts.id, prompt.id));
    expect(await storedRow(database.db, path)).toEqual([]);
    expect((await app.request(path)).status).toBe(410);
    expect(await storedRow(database.db, path)).toEqual([]);
  });

  it("stores nothing when a prompt the page shows changed between its render and its save", async () => {
    const app = await appWith(keptAnswers());
    const { prompt, other, path } = await sharedPair();
    const row = await visitAndStore(app, path);
    await database.db.delete(storedPages).where(eq(storedPages.path, path));
    const stored = createStoredPages({ db: database.db, build: "build-a" });
    const page = {
      path,
      shown: row.shownIds.map((id, n) => ({ id, stamp: row.stamps[n] ?? "" })),
      tags: row.tags,
      answer: { status: 200, headers: row.headers, body: row.body },
    };

    await stored.save(page);
    expect(await storedRow(database.db, path)).toHaveLength(1);
    await database.db.delete(storedPages).where(eq(storedPages.path, path));
    for (const change of [
      () =>
        database.db.update(prompts).set({ title: "Chess Tutor" }).where(eq(prompts.id, other.id)),
      () => database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, other.id)),
      () => database.db.delete(prompts).where(eq(prompts.id, prompt.id)),
    ]) {
      await change();
      await stored.save(page);
      expect(await storedRow(database.db, path)).toEqual([]);
    }
  });

  it("serves a copy only to the build that stored it, and only for a day", async () => {
    const { path } = await sharedPair();
    await visitAndStore(await appWith(keptAnswers({ build: "build-a" })), path);
    await markStored(path);
    const next = await appWith(keptAnswers({ build: "build-b" }));
    expect(await bodyOf(next, path)).not.toBe(marker);
    await eventually(
      () => storedRow(database.db, path),
      (rows) => rows[0]?.build === "build-b",
    );

    await markStored(path);
    expect(await bodyOf(next, path)).toBe(marker);
    const dayAgo = sql`now() - interval '1 day 1 minute'`;
    await database.db
      .update(storedPages)
      .set({ storedAt: dayAgo })
      .where(eq(storedPages.path, path));
    expect(await bodyOf(next, path)).not.toBe(marker);
    await eventually(
      () => storedRow(database.db, path),
      (rows) =>
        rows[0]?.body.length !== undefined && rows[0].storedAt.getTime() > Date.now() - 60_000,
    );
    await database.db
      .update(storedPages)
      .set({ storedAt: dayAgo })
      .where(eq(storedPages.path, path));
    await forgetOldStoredPages(database.db);
    expect(await storedRow(database.db, path)).toEqual([]);
  });

  it("keeps a stored copy in memory, with the tags that drop it", async () => {
    const kept = keptAnswers({ memory: true });
    const app = await appWith(kept);
    const { prompt, path } = await sharedPair();
    await visitAndStore(await appWith(keptAnswers()), path);
    await markStored(path);
    expect(await bodyOf(app, path)).toBe(marker);
    const fresh = () => kept.fresh({ url: path, headers: { "accept-encoding": "br" } });
    expect(fresh()?.headers["content-encoding"]).toBe("br");
    kept.channel.promptChanged(prompt.id);
    expect(fresh()).toBeUndefined();
  });

  it("stores nothing for a page asked with a query string, or one that moved", async () => {
    const app = await appWith(keptAnswers());
    const { prompt, path } = await sharedPair();
    expect((await app.request(`${path}?ref=newsletter`)).status).toBe(200);
    const moved = await app.request(`${path.slice(0, path.indexOf("-"))}-old-title`);
    expect(moved.status).toBe(301);
    // A visit without a query string stores its page: the two above had their chance first.
    await visitAndStore(app, path);
    const rows = await database.db
      .select({ path: storedPages.path })
      .from(storedPages)
      .where(
        sql`${prompt.id} = any(${storedPages.shownIds}) and ${storedPages.shownIds}[1] = ${prompt.id}`,
      );
    expect(rows).toEqual([{ path }]);
  });
});
