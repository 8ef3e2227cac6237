import { sha256 } from "../auth/tokens.ts";
import type { CacheVersions } from "./cache-versions.ts";
import type { CacheKind, MemoryBudget } from "./memory-budget.ts";

interface Entry<T> {
  value: T;
  userId: string;
  epoch: number;
  cachedAt: number;
}

const maxAgeMs = 60_000;
/** What an entry holds beside its value's own fields: the objects, its hash and its person's set. */
const entryOverhead = 512;

/**
 * Credentials (session cookies, access tokens) looked up in the last minute, so a signed-in
 * request costs no query. An entry is dropped the moment its credential ends or its person
 * changes (on any instance, through the database's change channel, which names the credential by
 * its hash), and is never used while that channel is not heard or once `usable` says no. The
 * least recently used go first past their share of the memory budget (memory-budget.ts).
 */
export function createCredentialCache<T>(
  versions: CacheVersions,
  options: {
    userIdOf: (value: T) => string;
    usable: (value: T, now: number) => boolean;
    budget: MemoryBudget;
    kind: CacheKind;
  },
) {
  const byUser = new Map<string, Set<string>>();
  // However an entry leaves (forgotten, replaced, or the least recently used past the share),
  // its person no longer names it.
  const entries = options.budget.cache<Entry<T>>(options.kind, {
    sizeOf: (entry, hash) => (JSON.stringify(entry.value).length + hash.length) * 2 + entryOverhead,
    dispose: (entry, hash) => {
      const hashes = byUser.get(entry.userId);
      hashes?.delete(hash);
      if (hashes?.size === 0) byUser.delete(entry.userId);
    },
  });

  const forget = (hash: string) => {
    entries.delete(hash);
  };
  // Counts endings heard, so a lookup that raced with one is not kept.
  let endings = 0;
  versions.onForget((kind, key) => {
    endings++;
    if (kind === "session") forget(key);
    else for (const hash of [...(byUser.get(key) ?? [])]) forget(hash);
  });

  const usable = (entry: Entry<T>, now: number) =>
    versions.trusted &&
    entry.epoch === versions.epoch &&
    now - entry.cachedAt < maxAgeMs &&
    options.usable(entry.value, now);

  return {
    /** The credential's value from memory if usable, else from `load` (and kept if it may be). */
    async resolve(
      credential: string,
      load: () => Promise<T | null>,
    ): Promise<{ value: T; fromMemory: boolean } | null> {
      const hash = sha256(credential);
      const now = Date.now();
      const entry = entries.get(hash);
      if (entry && usable(entry, now)) return { value: entry.value, fromMemory: true };
      forget(hash);
      const epoch = versions.epoch;
      const endingsBefore = endings;
      const value = await load();
      if (!value) return null;
      // Only what was read while the channel was heard throughout, with no ending meanwhile.
      const raced = versions.epoch !== epoch || endings !== endingsBefore;
      if (!versions.trusted || raced) return { value, fromMemory: false };
      const userId = options.userIdOf(value);
      entries.set(hash, { value, userId, epoch, cachedAt: now });
      if (entries.has(hash)) byUser.set(userId, (byUser.get(userId) ?? new Set()).add(hash));
      return { value, fromMemory: false };
    },
    /** The credential's value, if it is in memory and usable as it is. */
    peek(credential: string): T | null {
      const entry = entries.get(sha256(credential));
      return entry && usable(entry, Date.now()) ? entry.value : null;
    },
    /** Look this credential up afresh next time. */
    forget(credential: string) {
      forget(sha256(credential));
    },
    /** The same, by the hash the database keeps, for a credential this instance just ended. */
    forgetHash(hash: string) {
      forget(hash);
    },
  };
}
