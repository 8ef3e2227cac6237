import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { profiles, users } from "../db/schema.ts";
import { upsertAccount, usernameBase } from "./accounts.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const identity = (subject: string, email: string) => ({
  issuer: "https://accounts.google.com",
  subject,
  email,
  name: "Someone",
  avatarUrl: null,
});

describe("upsertAccount", () => {
  it("keys accounts on issuer and subject, not on the email", async () => {
    const first = await upsertAccount(database.db, identity("sub-a", "shared@example.com"));
    const second = await upsertAccount(database.db, identity("sub-b", "shared@example.com"));
    expect(second.userId).not.toBe(first.userId);

    const again = await upsertAccount(database.db, identity("sub-a", "renamed@example.com"));
    expect(again.userId).toBe(first.userId);
    const [user] = await database.db.select().from(users).where(eq(users.id, first.userId));
    expect(user?.email).toBe("renamed@example.com");
  });

  it("derives a unique username from the email's local part on first sign-in", async () => {
    const one = await upsertAccount(database.db, identity("sub-j1", "Jane.Doe+ai@example.com"));
    const two = await upsertAccount(database.db, identity("sub-j2", "jane.doe+ai@other.org"));
    const names = await database.db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, one.userId));
    expect(names[0]?.username).toBe("jane.doeai");
    const [other] = await database.db.select().from(profiles).where(eq(profiles.id, two.userId));
    expect(other?.username).toBe("jane.doeai2");
  });
});

describe("usernameBase", () => {
  it.each([
    ["Ada.Lovelace@example.com", "ada.lovelace"],
    ["émile+test@example.com", "miletest"],
    ["@example.com", "user"],
  ])("%s gives %s", (email, base) => {
    expect(usernameBase(email)).toBe(base);
  });
});
