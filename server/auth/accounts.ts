import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { profiles, users } from "../db/schema.ts";
import type { Identity } from "./oidc-client.ts";

/**
 * Finds the account for this issuer and subject, or creates it with a profile whose username
 * comes from the email's local part. Email, name and picture follow the provider's latest.
 */
export async function upsertAccount(db: Database, identity: Identity) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        name: identity.name,
        avatarUrl: identity.avatarUrl,
      })
      .onConflictDoUpdate({
        target: [users.issuer, users.subject],
        set: {
          email: identity.email,
          name: identity.name,
          avatarUrl: identity.avatarUrl,
          lastSignInAt: sql`now()`,
        },
      })
      .returning({ id: users.id });
    if (!user) throw new Error("upsert returned no row");

    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    if (!profile) await createProfile(tx, user.id, identity.email);
    return { userId: user.id };
  });
}

async function createProfile(db: Pick<Database, "insert">, userId: string, email: string) {
  const base = usernameBase(email);
  for (let attempt = 1; ; attempt++) {
    const username = attempt === 1 ? base : `${base}${attempt}`;
    const created = await db
      .insert(profiles)
      .values({ id: userId, username })
      .onConflictDoNothing({ target: profiles.username })
      .returning({ id: profiles.id });
    if (created.length > 0) return username;
  }
}

export function usernameBase(email: string) {
  const local = email.split("@")[0] ?? "";
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, 30);
  return cleaned || "user";
}
