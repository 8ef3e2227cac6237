import { type ResolvedSession, renewEveryMs, resolveSession } from "../auth/sessions.ts";
import { sha256 } from "../auth/tokens.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import type { CacheVersions } from "./cache-versions.ts";

interface Entry {
  session: ResolvedSession;
  userId: string;
  epoch: number;
  cachedAt: number;
}

const maxAgeMs = 60_000;
const maxEntries = 10_000;

/**
 * Sessions looked up in the last minute, so a signed-in request costs no query. An entry is
 * dropped the moment its session ends or its person changes (on any instance, through the
 * database's change channel), and is never used while that channel is not heard, past the
 * session's expiry, or when the session is due for its hourly renewal (which needs the database).
 */
export function createSessionCache(versions: CacheVersions) {
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();

  const forget = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const hashes = byUser.get(entry.userId);
    hashes?.delete(hash);
    if (hashes?.size === 0) byUser.delete(entry.userId);
  };
  // Counts endings heard, so a lookup that raced with one is not kept.
  let endings = 0;
  versions.onForget((kind, key) => {
    endings++;
    if (kind === "session") forget(key);
    else for (const hash of byUser.get(key) ?? []) forget(hash);
  });

  const usable = (entry: Entry, now: number) =>
    versions.trusted &&
    entry.epoch === versions.epoch &&
    now - entry.cachedAt < maxAgeMs &&
    now < entry.session.expiresAt.getTime() &&
    now - entry.session.lastSeenAt.getTime() < renewEveryMs;

  return {
    async resolve(
      db: Database,
      token: string,
      options: Parameters<typeof resolveSession>[2],
    ): Promise<ResolvedSession | null> {
      const hash = sha256(token);
      const now = Date.now();
      const entry = entries.get(hash);
      if (entry && usable(entry, now)) return { ...entry.session, renewedUntil: null };
      forget(hash);
      const epoch = versions.epoch;
      const endingsBefore = endings;
      const session = await resolveSession(db, token, options);
      // Only what was read while the channel was heard throughout, with no ending meanwhile.
      const raced = versions.epoch !== epoch || endings !== endingsBefore;
      if (!session || !versions.trusted || raced) return session;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forget(oldest);
      }
      const userId = session.viewer.userId;
      entries.set(hash, { session, userId, epoch, cachedAt: now });
      const hashes = byUser.get(userId) ?? new Set<string>();
      byUser.set(userId, hashes.add(hash));
      return session;
    },
    /** The session's person, if it is in memory and usable as it is (no renewal due). */
    peek(token: string): Viewer | null {
      const entry = entries.get(sha256(token));
      return entry && usable(entry, Date.now()) ? entry.session.viewer : null;
    },
    /** This session was just used for a write or ended here: look it up afresh next time. */
    forget(token: string) {
      forget(sha256(token));
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
