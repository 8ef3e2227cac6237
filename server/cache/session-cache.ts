import { type ResolvedSession, renewEveryMs, resolveSession } from "../auth/sessions.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import type { CacheVersions } from "./cache-versions.ts";
import { createCredentialCache } from "./credential-cache.ts";
import type { MemoryBudget } from "./memory-budget.ts";

/**
 * Sessions looked up in the last minute (credential-cache.ts), never used past the session's
 * expiry or when it is due for its hourly renewal (which needs the database).
 */
export function createSessionCache(versions: CacheVersions, budget: MemoryBudget) {
  const cache = createCredentialCache<ResolvedSession>(versions, {
    budget,
    kind: "sessions",
    userIdOf: (session) => session.viewer.userId,
    usable: (session, now) =>
      now < session.expiresAt.getTime() && now - session.lastSeenAt.getTime() < renewEveryMs,
  });

  return {
    async resolve(
      db: Database,
      token: string,
      options: Parameters<typeof resolveSession>[2],
    ): Promise<ResolvedSession | null> {
      const found = await cache.resolve(token, () => resolveSession(db, token, options));
      if (!found) return null;
      return found.fromMemory ? { ...found.value, renewedUntil: null } : found.value;
    },
    /** The session's person, if it is in memory and usable as it is (no renewal due). */
    peek(token: string): Viewer | null {
      return cache.peek(token)?.viewer ?? null;
    },
    /** This session was just used for a write or ended here: look it up afresh next time. */
    forget: cache.forget,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
