import { randomBytes } from "node:crypto";
import { createSession } from "../../server/auth/sessions.ts";
import type { Viewer } from "../../server/auth/viewer.ts";
import type { Database } from "../../server/db/client.ts";
import { profiles, prompts, users } from "../../server/db/schema.ts";

const oneDay = 24 * 60 * 60 * 1000;

/** A user with a profile; every field can be overridden. */
export async function createUser(
  db: Database,
  overrides: Partial<{ email: string; name: string | null; username: string }> = {},
) {
  const suffix = randomBytes(4).toString("hex");
  const email = overrides.email ?? `user-${suffix}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      issuer: "https://issuer.test",
      subject: `subject-${suffix}`,
      email,
      name: overrides.name === undefined ? `User ${suffix}` : overrides.name,
    })
    .returning();
  if (!user) throw new Error("no user created");
  await db
    .insert(profiles)
    .values({ id: user.id, username: overrides.username ?? `user${suffix}` });
  return user;
}

/** A signed-in session for the user: the Cookie header a browser would send. */
export async function signedInCookie(db: Database, userId: string) {
  const { token } = await createSession(db, userId, {
    idleMs: 30 * oneDay,
    absoluteMs: 90 * oneDay,
  });
  return `ps_session=${token}`;
}

/** A prompt row, straight into the database. */
export async function createPrompt(
  db: Database,
  overrides: Partial<typeof prompts.$inferInsert> & { userId: string | null },
) {
  const suffix = randomBytes(4).toString("hex");
  const [prompt] = await db
    .insert(prompts)
    .values({
      title: "Untitled",
      promptText: `Write a haiku about ${suffix}`,
      isShared: false,
      ...overrides,
    })
    .returning();
  if (!prompt) throw new Error("no prompt created");
  return prompt;
}

/** The viewer a domain operation receives for this user, as a session would give it. */
export function viewerFor(
  user: { id: string; email: string; name?: string | null },
  isAdmin = false,
): Viewer {
  return {
    userId: user.id,
    email: user.email,
    name: user.name ?? null,
    avatarUrl: null,
    username: null,
    isAdmin,
  };
}
