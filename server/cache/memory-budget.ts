import { LRUCache } from "lru-cache";

/** Every cache the server keeps answers in, each drawing on one memory budget. */
export const cacheKinds = [
  "public pages",
  "signed-in answers",
  "palette libraries",
  "MCP searches",
  "social images",
  "sessions",
  "access tokens",
] as const;
export type CacheKind = (typeof cacheKinds)[number];

/**
 * Each cache's fixed share of the budget (decision 0009). Fixed rather than one pool for all: a
 * crawler reading thousands of public pages once each would otherwise push out every signed-in
 * person's answers and every MCP search, which are asked again and again and cost far more to
 * make again. The shares follow the older fixed limits (96, 64, 64, 32 and 32 MB, and ten thousand
 * credentials each), scaled to one total.
 */
const shares: Record<CacheKind, number> = {
  "public pages": 0.3,
  "signed-in answers": 0.22,
  "palette libraries": 0.18,
  "MCP searches": 0.12,
  "social images": 0.1,
  sessions: 0.04,
  "access tokens": 0.04,
};

/** The default budget, MEMORY_BUDGET_MB (decision 0009). */
export const defaultMemoryBudgetBytes = 64 * 1024 * 1024;

export interface CacheFigures {
  kind: CacheKind;
  entries: number;
  bytes: number;
  /** The cache's share of the budget. */
  maxBytes: number;
}

export interface MemoryFigures {
  budgetBytes: number;
  /** What every cache holds together. */
  bytes: number;
  caches: CacheFigures[];
}

/** What the budget reads of each cache: lru-cache's own figures. */
interface Counted {
  readonly size: number;
  readonly calculatedSize: number;
}

/**
 * One memory budget shared by every kept answer: each cache is a least-recently-used cache
 * (lru-cache, keptCache below) whose entries' bytes may not pass its share, and which is counted
 * here for the figures.
 */
export function createMemoryBudget(budgetBytes = defaultMemoryBudgetBytes) {
  const counted: { kind: CacheKind; cache: Counted }[] = [];
  const shareOf = (kind: CacheKind) => Math.max(1, Math.floor(budgetBytes * shares[kind]));
  return {
    budgetBytes,
    /** How many bytes this kind's entries may take. */
    shareOf,
    /** Counts this cache under its kind in the figures. */
    count<Cache extends Counted>(kind: CacheKind, cache: Cache): Cache {
      counted.push({ kind, cache });
      return cache;
    },
    /** A cache of this kind (keptCache), holding at most its share, counted in the figures. */
    cache<Value extends object>(
      kind: CacheKind,
      options: Omit<Parameters<typeof keptCache<Value>>[0], "maxBytes">,
    ) {
      const cache = keptCache<Value>({ maxBytes: shareOf(kind), ...options });
      counted.push({ kind, cache });
      return cache;
    },
    figures(): MemoryFigures {
      const caches = cacheKinds.map((kind) => {
        const ofKind = counted.filter((item) => item.kind === kind);
        return {
          kind,
          entries: ofKind.reduce((sum, item) => sum + item.cache.size, 0),
          bytes: ofKind.reduce((sum, item) => sum + item.cache.calculatedSize, 0),
          maxBytes: shareOf(kind),
        };
      });
      return { budgetBytes, bytes: caches.reduce((sum, item) => sum + item.bytes, 0), caches };
    },
  };
}

export type MemoryBudget = ReturnType<typeof createMemoryBudget>;

/**
 * A least-recently-used cache of at most `maxBytes`, as `sizeOf` counts each entry; an entry
 * larger than that is not kept. `dispose` hears every entry that leaves, however it goes.
 */
export function keptCache<Value extends object>(options: {
  maxBytes: number;
  sizeOf: (value: Value, key: string) => number;
  dispose?: (value: Value, key: string) => void;
}) {
  return new LRUCache<string, Value>({
    maxSize: options.maxBytes,
    // lru-cache counts whole, positive sizes.
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.sizeOf(value, key))),
    ...(options.dispose ? { dispose: options.dispose } : {}),
  });
}
