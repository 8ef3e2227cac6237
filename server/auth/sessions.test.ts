import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { createSession, resolveSession } from "./sessions.ts";
import { sha256 } from "./tokens.ts";

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const settings = {
  idleMs: 30 * day,
  absoluteMs: 90 * day,
  adminEmails: new Set(["boss@example.com"]),
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function sessionAged(ages: { createdAgo: number; lastSeenAgo: number; expiresIn: number }) {
  const user = await createUser(database.db, { email: "boss@example.com" });
  const { token } = await createSession(database.db, user.id, settings);
  const now = Date.now();
  await database.db
    .update(sessions)
    .set({
      createdAt: new Date(now - ages.createdAgo),
      lastSeenAt: new Date(now - ages.lastSeenAgo),
      expiresAt: new Date(now + ages.expiresIn),
    })
    .where(eq(sessions.tokenHash, sha256(token)));
  return { token, user };
}

describe("resolveSession", () => {
  it("finds the viewer, with the administrator role from ADMIN_EMAILS", async () => {
    const { token, user } = await sessionAged({ createdAgo: 0, lastSeenAgo: 0, expiresIn: day });
    const found = await resolveSession(database.db, token, settings);
    expect(found?.viewer).toMatchObject({
      userId: user.id,
      email: "boss@example.com",
      isAdmin: true,
    });
    expect(found?.renewedUntil).toBeNull();
  });

  it("does not write when the session was seen within the hour", async () => {
    const { token } = await sessionAged({
      createdAgo: day,
      lastSeenAgo: 30 * 60_000,
      expiresIn: day,
    });
    expect((await resolveSession(database.db, token, settings))?.renewedUntil).toBeNull();
  });

  it("slides the idle expiry forward once an hour has passed", async () => {
    const { token } = await sessionAged({
      createdAgo: 2 * day,
      lastSeenAgo: 2 * hour,
      expiresIn: day,
    });
    const found = await resolveSession(database.db, token, settings);
    const renewed = found?.renewedUntil?.getTime() ?? 0;
    expect(Math.abs(renewed - (Date.now() + 30 * day))).toBeLessThan(60_000);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row?.expiresAt.getTime()).toBe(renewed);
  });

  it("never renews past the absolute lifetime", async () => {
    const { token } = await sessionAged({
      createdAgo: 89 * day,
      lastSeenAgo: 2 * hour,
      expiresIn: day,
    });
    const found = await resolveSession(database.db, token, settings);
    const renewed = found?.renewedUntil?.getTime() ?? 0;
    expect(Math.abs(renewed - (Date.now() + day))).toBeLessThan(60_000);
  });

  it("refuses an expired session and an unknown token", async () => {
    const { token } = await sessionAged({
      createdAgo: 40 * day,
      lastSeenAgo: 31 * day,
      expiresIn: -hour,
    });
    expect(await resolveSession(database.db, token, settings)).toBeNull();
    expect(await resolveSession(database.db, "not-a-token", settings)).toBeNull();
  });
});
