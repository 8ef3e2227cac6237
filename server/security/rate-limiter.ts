import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { rateLimits } from "../db/schema.ts";

const windowMs = 60_000;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Fixed one-minute windows counted in the database, so a limit holds however many instances
 * serve the requests. One upsert per counted request (a request may weigh more than one: an
 * import counts by its size); old windows are swept now and then.
 */
export function createRateLimiter(db: Database) {
  let lastSweep = 0;
  return async function hit(key: string, limit: number, weight = 1): Promise<RateDecision> {
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const [row] = rowsOf<{ hits: number }>(
      await db.execute(sql`
        insert into ${rateLimits} (key, window_start, hits) values (${key}, ${windowStart.toISOString()}::timestamptz, ${weight})
        on conflict (key, window_start) do update set hits = ${rateLimits.hits} + ${weight}
        returning hits`),
    );
    if (now - lastSweep > windowMs) {
      lastSweep = now;
      await db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStart, new Date(windowStart.getTime() - windowMs)));
    }
    return {
      allowed: Number(row?.hits ?? 0) <= limit,
      retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
    };
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Keys counted in memory per window at most: past it, new keys are not counted there. */
const memoryKeys = 100_000;

/**
 * The same fixed one-minute windows, counted in this process's memory alone: no write, and
 * each instance counts only what it serves.
 */
export function createMemoryRateLimiter() {
  let window = 0;
  const hits = new Map<string, number>();
  return function hit(key: string, limit: number, weight = 1): RateDecision {
    const now = Date.now();
    const current = Math.floor(now / windowMs);
    if (current !== window) {
      window = current;
      hits.clear();
    }
    const seen = (hits.get(key) ?? 0) + weight;
    if (hits.has(key) || hits.size < memoryKeys) hits.set(key, seen);
    return {
      allowed: seen <= limit,
      retryAfter: Math.max(1, Math.ceil(((current + 1) * windowMs - now) / 1000)),
    };
  };
}

/**
 * Counts each key in this process's memory too, and refuses once that count is over the limit
 * without asking the database: this process's hits are a part of the shared count, so the
 * database would refuse them as well. A flood from one address then costs as many writes as
 * the limit allows, not one per request.
 */
export function countedInMemoryFirst(limiter: RateLimiter): RateLimiter {
  const inMemory = createMemoryRateLimiter();
  return async function hit(key, limit, weight = 1) {
    const decision = inMemory(key, limit, weight);
    return decision.allowed ? limiter(key, limit, weight) : decision;
  };
}
