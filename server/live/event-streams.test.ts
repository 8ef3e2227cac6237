import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Actor, asActor } from "../../tests/support/actors.ts";
import { streamEnds, streamShows } from "../../tests/support/event-stream.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { heardSoFar } from "../../tests/support/heard-so-far.ts";
import {
  createTestApp,
  testConfig,
  testKeptAnswers,
  testLogger,
} from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { sha256 } from "../auth/tokens.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts, sessions } from "../db/schema.ts";
import { type ChangeFeed, createChangeFeed } from "./change-feed.ts";

let database: DatabaseHandle;
let feed: ChangeFeed;
/** Only for its channel: what tells the test the feed has heard every notice sent so far. */
const kept = testKeptAnswers(testConfig());
let app: Awaited<ReturnType<typeof createTestApp>>;
const open: Response[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  feed = createChangeFeed(database, testLogger(), kept.channel);
  await feed.ready;
  // One proxy in front, so each test can speak from an address of its own.
  app = await createTestApp({ db: database.db, changeFeed: feed, env: { TRUST_PROXY: "1" } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((res) => res.body?.cancel().catch(() => {})));
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

async function person(): Promise<Actor> {
  const user = await createUser(database.db);
  return { name: "userA", userId: user.id, cookie: await signedInCookie(database.db, user.id) };
}

let addresses = 0;
function newAddress() {
  addresses++;
  return `203.0.113.${addresses}`;
}

async function openStream(actor: Actor, address: string) {
  const init = asActor(actor);
  const res = await app.request("/api/v1/events", {
    ...init,
    headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": address },
  });
  if (res.status === 200) open.push(res);
  return res;
}

describe("open event streams are capped", () => {
  it("a person's 11th stream is 429, and closing one frees a slot", async () => {
    const me = await person();
    const address = newAddress();
    const streams: Response[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await openStream(me, address);
      expect(res.status).toBe(200);
      streams.push(res);
    }
    const refused = await openStream(me, newAddress());
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/10 live update streams/);
    // Someone else is not affected.
    expect((await openStream(await person(), address)).status).toBe(200);

    await streams[0]?.body?.cancel();
    // The slot is given back as the cancelled stream winds down.
    await expect
      .poll(async () => (await openStream(me, address)).status, { timeout: 15_000 })
      .toBe(200);
  });

  it("an address's 51st stream is 429, whoever opens it", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const someone = await person();
      for (let j = 0; j < 10; j++) expect((await openStream(someone, address)).status).toBe(200);
    }
    const refused = await openStream(await person(), address);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/50 live update streams/);
    expect((await openStream(await person(), newAddress())).status).toBe(200);
  });
});

describe("an open event stream ends with its session", () => {
  it("when the person signs out", async () => {
    const me = await person();
    const stream = await openStream(me, newAddress());
    expect(stream.status).toBe(200);
    const ends = streamEnds(stream);
    const out = await app.request("/auth/logout", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: me.cookie, accept: "application/json" },
    });
    expect(out.status).toBe(200);
    expect(await ends).toBe(true);
  });

  it("when the account is deleted", async () => {
    const user = await createUser(database.db);
    const me: Actor = {
      name: "userA",
      userId: user.id,
      cookie: await signedInCookie(database.db, user.id),
    };
    const stream = await openStream(me, newAddress());
    expect(stream.status).toBe(200);
    const ends = streamEnds(stream);
    const deleted = await app.request(
      "/api/v1/account",
      asActor(me, { method: "DELETE", json: { confirmEmail: user.email } }),
    );
    expect(deleted.status).toBe(204);
    expect(await ends).toBe(true);
  });

  it("when the session expires", async () => {
    const me = await person();
    const token = me.cookie.slice("ps_session=".length);
    // Far enough ahead for the stream to open first on a loaded machine.
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2_000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    const stream = await openStream(me, newAddress());
    expect(stream.status).toBe(200);
    expect(await streamEnds(stream)).toBe(true);
  });

  it("but not when another of the person's sessions ends", async () => {
    const me = await person();
    const otherCookie = await signedInCookie(database.db, me.userId ?? "");
    const stream = await openStream(me, newAddress());
    expect(stream.status).toBe(200);
    const out = await app.request("/auth/logout", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: otherCookie, accept: "application/json" },
    });
    expect(out.status).toBe(200);
    // Still open: a prompt shared after that sign-out comes through it.
    const shared = await createPrompt(database.db, { userId: me.userId ?? "", isShared: true });
    expect(await streamShows(stream, shared.id)).toBe(true);
  });
});

describe("an event stream opened with an access token", () => {
  it("stays open while the token lives, and ends when it is revoked", async () => {
    const me = await person();
    const made = await app.request(
      "/api/v1/tokens",
      asActor(me, { method: "POST", json: { name: "live", scope: "read" } }),
    );
    const { token, id } = (await made.json()) as { token: string; id: string };
    const stream = await app.request("/api/v1/events", {
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": newAddress() },
    });
    expect(stream.status).toBe(200);
    open.push(stream);
    // Open while the token lives: a prompt shared after it opened comes through it.
    const shared = await createPrompt(database.db, { userId: me.userId ?? "", isShared: true });
    expect(await streamShows(stream, shared.id)).toBe(true);
    const ends = streamEnds(stream);
    const revoked = await app.request(`/api/v1/tokens/${id}`, asActor(me, { method: "DELETE" }));
    expect(revoked.status).toBe(204);
    expect(await ends).toBe(true);
  });
});

describe("a stream whose client stopped reading", () => {
  it("ends once a thousand changes wait for it, rather than holding them all", async () => {
    const me = await person();
    const stream = await openStream(me, newAddress());
    expect(stream.status).toBe(200);
    const author = await createUser(database.db);
    const rows = await database.db
      .insert(prompts)
      .values(
        Array.from({ length: 1_100 }, (_, i) => ({
          title: "Backlog",
          promptText: `Backlog ${i}`,
          userId: author.id,
          isShared: true,
        })),
      )
      .returning({ id: prompts.id });
    expect(rows).toHaveLength(1_100);
    // One statement edits them all: 1,100 changes for a client that reads none of them. Once
    // the feed has heard them all (reading before would keep the backlog short), the stream ends.
    await database.db
      .update(prompts)
      .set({ promptText: sql`${prompts.promptText} || ' (edited)'` })
      .where(eq(prompts.userId, author.id));
    await heardSoFar(database, kept.channel);
    expect(await streamEnds(stream, 60_000)).toBe(true);
  });
});
