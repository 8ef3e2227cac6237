import type { CacheVersions } from "./cache-versions.ts";
import type { MemoryBudget } from "./memory-budget.ts";

interface Search {
  userId: string;
  isAdmin: boolean;
  key: string;
  showsCommunity: boolean;
}

interface Entry {
  version: string;
  additions: number;
  storedAt: number;
  text: string;
  /** How the answer was made: to make it again in the background when it falls behind. */
  search: Search;
  compute: () => Promise<string>;
}

const maxAgeMs = 60_000;
/** What an entry holds beside its text: the search and how to make it again. */
const entryOverhead = 1024;

/**
 * MCP searches answered from memory: an AI client asks the same search again and again (each
 * turn of a conversation), and each answer is kept, as sent, for its person while nothing it can
 * show has changed: under the same versions as the signed-in pages (cache-versions.ts), and for
 * at most a minute. One behind on the community's newest shares alone is still served, for up to
 * `additionsLagMs` (cache-versions.ts), while it is made again in the background, as the pages
 * are. Administrators' searches (they see every prompt) are never kept, nor anything while the
 * change channel is not heard. The least recently used go first past their share of the memory
 * budget (memory-budget.ts).
 */
export function createKeptSearches(options: {
  versions: CacheVersions;
  memory: boolean;
  budget: MemoryBudget;
}) {
  const { versions } = options;
  const entries = options.budget.cache<Entry>("MCP searches", {
    sizeOf: (entry, key) => (entry.text.length + key.length) * 2 + entryOverhead,
  });
  const drop = (key: string) => {
    entries.delete(key);
  };

  /** The one search made again in the background at a time (signed-in-answers.ts does so). */
  let background: Promise<unknown> | undefined;

  /** Computes the answer and keeps it, unless what it shows changed while it was computed. */
  const make = async (key: string, search: Search, compute: () => Promise<string>) => {
    const version = versions.of(search.userId, search.showsCommunity);
    const additions = search.showsCommunity ? versions.additions : 0;
    const storedAt = Date.now();
    const text = await compute();
    const unchanged =
      versions.trusted &&
      versions.of(search.userId, search.showsCommunity) === version &&
      (search.showsCommunity ? versions.additions : 0) === additions;
    if (unchanged) entries.set(key, { version, additions, storedAt, text, search, compute });
    return text;
  };

  /**
   * The kept answer if it may be served: current, or behind on the community's additions alone
   * for less than the lag, in which case it is made again in the background (one at a time).
   */
  const servable = (key: string, search: Search) => {
    const kept = entries.peek(key);
    if (kept?.version !== versions.of(search.userId, search.showsCommunity)) return undefined;
    const age = Date.now() - kept.storedAt;
    if (age >= maxAgeMs) return undefined;
    if (kept.additions !== (search.showsCommunity ? versions.additions : 0)) {
      if (age >= versions.additionsLagMs) return undefined;
      if (background === undefined) {
        // A failure here is the next caller's to meet, in the foreground.
        background = make(key, kept.search, kept.compute)
          .catch(() => undefined)
          .finally(() => {
            background = undefined;
          });
      }
    }
    // Marked as the most recently used: the least recently used go first.
    entries.get(key);
    return kept;
  };

  return {
    /**
     * A change made through MCP in this process: what its person sees is stale at once, before
     * the database's notice comes back, and the community's within its window.
     */
    wrote(userId: string) {
      versions.changedBy(userId);
    },
    /**
     * The answer to `search` (its key says everything the answer depends on but the person):
     * from memory when it is still what `compute` would give, else computed and kept.
     */
    async answer(search: Search, compute: () => Promise<string>): Promise<string> {
      if (!options.memory || search.isAdmin || !versions.trusted) return compute();
      const key = `${search.userId}\n${search.key}`;
      const kept = servable(key, search);
      if (kept) return kept.text;
      drop(key);
      return make(key, search, compute);
    },
  };
}

export type KeptSearches = ReturnType<typeof createKeptSearches>;
