import type { CacheVersions } from "./cache-versions.ts";
import type { MemoryBudget } from "./memory-budget.ts";

/** What a kept library must say of itself: how much memory it holds. */
export interface KeptLibrary {
  bytes: number;
}

interface Entry {
  version: string;
  library: KeptLibrary;
}

/**
 * Each person's own library as their command palette searches it, kept in memory while it is
 * unchanged: under the person's version alone (cache-versions.ts), which their every change
 * moves, through this process at once and through any other by the database's notice. Nothing is
 * kept or served while the change channel is not heard, nor when memory is off; a library that
 * changed while it was read is used for nothing. One read per person at a time: a search asked
 * while it is on its way waits for it. The least recently used go first past their share of the
 * memory budget (memory-budget.ts).
 */
export function createKeptLibraries(options: {
  versions: CacheVersions;
  memory: boolean;
  budget: MemoryBudget;
}) {
  const { versions } = options;
  const entries = options.budget.cache<Entry>("palette libraries", {
    sizeOf: (entry) => entry.library.bytes,
  });
  const reading = new Map<string, Promise<KeptLibrary | undefined>>();

  const read = async (userId: string, load: () => Promise<KeptLibrary | undefined>) => {
    const version = versions.of(userId, false);
    const library = await load();
    if (!library || !versions.trusted || versions.of(userId, false) !== version) return undefined;
    entries.set(userId, { version, library });
    return library;
  };

  return {
    /**
     * The person's library as `load` reads it: the kept one while it is current, else read now
     * and kept. Undefined when it cannot be trusted to be current (then search the database), or
     * when `load` declines (a library too large to keep).
     */
    async get<Library extends KeptLibrary>(
      userId: string,
      load: () => Promise<Library | undefined>,
    ): Promise<Library | undefined> {
      if (!options.memory || !versions.trusted) return undefined;
      const kept = entries.peek(userId);
      if (kept && kept.version === versions.of(userId, false)) {
        // Marked as the most recently used: the least recently used go first.
        entries.get(userId);
        return kept.library as Library;
      }
      entries.delete(userId);
      let pending = reading.get(userId);
      if (!pending) {
        pending = read(userId, load).finally(() => reading.delete(userId));
        reading.set(userId, pending);
      }
      return (await pending) as Library | undefined;
    },
  };
}

export type KeptLibraries = ReturnType<typeof createKeptLibraries>;
