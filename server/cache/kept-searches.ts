import type { CacheVersions } from "./cache-versions.ts";

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
const maxBytes = 32 * 1024 * 1024;
/** What an entry holds beside its text: the search and how to make it again. */
const entryOverhead = 1024;

/**
 * MCP searches answered from memory: an AI client asks the same search again and again (each
 * turn of a conversation), and each answer is kept, as sent, for its person while nothing it can
 * show has changed: under the same versions as the signed-in pages (cache-versions.ts), and for
 * at most a minute. One behind on the community's newest shares alone is still served, for up to
 * `additionsLagMs` (cache-versions.ts), while it is made again in the background, as the pages
 * are. Administrators' searches (they see every prompt) are never kept, nor anything while the
 * change channel is not heard. The least recently used go first past `maxBytes`.
 */
export function createKeptSearches(options: { versions: CacheVersions; memory: boolean }) {
  const { versions } = options;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.text.length * 2 + entryOverhead;
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
    if (unchanged) {
      drop(key);
      entries.set(key, { version, additions, storedAt, text, search, compute });
      bytes += text.length * 2 + entryOverhead;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    }
    return text;
  };

  /**
   * The kept answer if it may be served: current, or behind on the community's additions alone
   * for less than the lag, in which case it is made again in the background (one at a time).
   */
  const servable = (key: string, search: Search) => {
    const kept = entries.get(key);
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
    // Most recently used last, so the first entries are the first to go.
    entries.delete(key);
    entries.set(key, kept);
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
     * The kept answer to `search` without waiting for anything: for the Node listener, which
     * answers it before the app is asked.
     */
    peek(search: Search): string | undefined {
      if (!options.memory || search.isAdmin || !versions.trusted) return undefined;
      return servable(`${search.userId}\n${search.key}`, search)?.text;
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
