import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { accessTokens, oauthClients, oauthCodes } from "../db/schema.ts";
import { forgetUnusedGrants } from "./forget-unused-grants.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);

async function client(createdDaysAgo: number) {
  const id = randomUUID();
  await database.db.insert(oauthClients).values({
    id,
    name: "App",
    redirectUris: ["https://a.example/cb"],
    createdAt: daysAgo(createdDaysAgo),
  });
  return id;
}

async function grant(userId: string, clientId: string, lastUsedDaysAgo: number) {
  const [row] = await database.db
    .insert(accessTokens)
    .values({
      userId,
      clientId,
      name: "App",
      tokenHash: randomUUID(),
      refreshHash: randomUUID(),
      scope: "read",
      createdAt: daysAgo(lastUsedDaysAgo),
      lastUsedAt: daysAgo(lastUsedDaysAgo),
    })
    .returning();
  return row?.id ?? "";
}

const exists = async (table: typeof oauthClients, id: string) =>
  (await database.db.select().from(table).where(eq(table.id, id))).length === 1;

describe("housekeeping of OAuth", () => {
  it("lets go of expired codes, grants idle for 30 days, and old clients holding nothing", async () => {
    const user = await createUser(database.db);
    const unused = await client(31);
    const recent = await client(1);
    const inUse = await client(90);
    const idle = await client(90);
    const liveGrant = await grant(user.id, inUse, 2);
    const idleGrant = await grant(user.id, idle, 31);
    const codeOf = (hash: string, expiresAt: Date) => ({
      codeHash: hash,
      clientId: recent,
      userId: user.id,
      redirectUri: "https://a.example/cb",
      codeChallenge: "c".repeat(43),
      scope: "read",
      expiresAt,
    });
    await database.db
      .insert(oauthCodes)
      .values([codeOf("expired", daysAgo(0.01)), codeOf("fresh", new Date(Date.now() + 60_000))]);

    await forgetUnusedGrants(database.db);

    expect(await exists(oauthClients, unused)).toBe(false);
    expect(await exists(oauthClients, recent)).toBe(true);
    expect(await exists(oauthClients, inUse)).toBe(true);
    const grants = await database.db.select({ id: accessTokens.id }).from(accessTokens);
    expect(grants.map((row) => row.id)).toContain(liveGrant);
    expect(grants.map((row) => row.id)).not.toContain(idleGrant);
    // The idle grant went first, so its client, old and now holding nothing, goes the same round.
    expect(await exists(oauthClients, idle)).toBe(false);
    const codes = await database.db.select({ hash: oauthCodes.codeHash }).from(oauthCodes);
    expect(codes.map((row) => row.hash)).toEqual(["fresh"]);
  });
});
