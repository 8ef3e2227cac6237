import type { CacheVersions } from "./cache-versions.ts";

/** What a kept library must say of itself: how much memory it holds. */
export interface KeptLibrary {
  bytes: number;
}

interface Entry {
  version: string;
  library: KeptLibrary;
}

/** All kept libraries together; the least recently used go first past it. */
const maxBytes = 64 * 1024 * 1024;

/**
 * Each person's own library as their command palette searches it, kept in memory while it is
 * unchanged: under the person's version alone (cache-versions.ts), which their every change
 * moves, through this process at once and through any other by the database's notice. Nothing is
 * kept or served while the change channel is not heard, nor when memory is off; a library that
 * changed while it was read is used for nothing. One read per person at a time: a search asked
 * while it is on its way waits for it.
 */
export function createKeptLibraries(options: { versions: CacheVersions; memory: boolean }) {
  const { versions } = options;
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<KeptLibrary | undefined>>();
  let bytes = 0;

  const drop = (userId: string) => {
    const entry = entries.get(userId);
    if (!entry) return;
    entries.delete(userId);
    bytes -= entry.library.bytes;
  };

  const keep = (userId: string, entry: Entry) => {
    drop(userId);
    entries.set(userId, entry);
    bytes += entry.library.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const read = async (userId: string, load: () => Promise<KeptLibrary | undefined>) => {
    const version = versions.of(userId, false);
    const library = await load();
    if (!library || !versions.trusted || versions.of(userId, false) !== version) return undefined;
    keep(userId, { version, library });
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
      const kept = entries.get(userId);
      if (kept && kept.version === versions.of(userId, false)) {
        // Most recently used last, so the first entries are the first to go.
        entries.delete(userId);
        entries.set(userId, kept);
        return kept.library as Library;
      }
      drop(userId);
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
