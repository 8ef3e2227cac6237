import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { profiles, sessions, users } from "../db/schema.ts";
import { randomToken, sha256 } from "./tokens.ts";
import { isAdminEmail, type Viewer } from "./viewer.ts";

export interface SessionSettings {
  idleMs: number;
  absoluteMs: number;
}

/** Sliding expiry is written at most once an hour per session, not on every request. */
export const renewEveryMs = 60 * 60 * 1000;

export async function createSession(db: Database, userId: string, settings: SessionSettings) {
  const now = new Date();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + Math.min(settings.idleMs, settings.absoluteMs));
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return { token, expiresAt };
}

export interface ResolvedSession {
  viewer: Viewer;
  /** Set when this lookup extended the session: the cookie should say so too. */
  renewedUntil: Date | null;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The viewer behind a session token, or null when it is unknown, signed out or expired. */
export async function resolveSession(
  db: Database,
  token: string,
  options: SessionSettings & { adminEmails: ReadonlySet<string> },
): Promise<ResolvedSession | null> {
  const now = new Date();
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      avatarUrl: users.avatarUrl,
      username: profiles.username,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;

  let renewedUntil: Date | null = null;
  if (now.getTime() - row.lastSeenAt.getTime() >= renewEveryMs) {
    renewedUntil = new Date(
      Math.min(now.getTime() + options.idleMs, row.createdAt.getTime() + options.absoluteMs),
    );
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: renewedUntil })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const { createdAt: _created, lastSeenAt: _seen, expiresAt: _expires, ...person } = row;
  return {
    viewer: { ...person, isAdmin: isAdminEmail(options.adminEmails, row.email) },
    renewedUntil,
    lastSeenAt: renewedUntil ? now : row.lastSeenAt,
    expiresAt: renewedUntil ?? row.expiresAt,
  };
}

export async function deleteSession(db: Database, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}
