import type { Database } from "../db/client.ts";
import { type ResolvedToken, resolveAccessToken } from "../tokens/resolve-access-token.ts";
import type { CacheVersions } from "./cache-versions.ts";
import { createCredentialCache } from "./credential-cache.ts";
import type { MemoryBudget } from "./memory-budget.ts";

/**
 * Access tokens looked up in the last minute (credential-cache.ts): a revoked token is forgotten
 * by every instance as soon as the database announces it, and an expired one is never served.
 */
export function createTokenCache(versions: CacheVersions, budget: MemoryBudget) {
  const cache = createCredentialCache<ResolvedToken>(versions, {
    budget,
    kind: "access tokens",
    userIdOf: (token) => token.viewer.userId,
    usable: (token, now) => token.expiresAt === null || now < token.expiresAt.getTime(),
  });
  return {
    async resolve(db: Database, token: string, adminEmails: ReadonlySet<string>) {
      const found = await cache.resolve(token, () => resolveAccessToken(db, token, adminEmails));
      return found?.value.viewer ?? null;
    },
    /**
     * Forgets a token this instance just ended, by its stored hash, so that it is refused here
     * at once rather than when the database's announcement arrives.
     */
    forgetHash(tokenHash: string) {
      cache.forgetHash(tokenHash);
    },
  };
}

export type TokenCache = ReturnType<typeof createTokenCache>;
