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
 * serve the requests. One upsert per counted request; old windows are swept now and then.
 */
export function createRateLimiter(db: Database) {
  let lastSweep = 0;
  return async function hit(key: string, limit: number): Promise<RateDecision> {
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const [row] = rowsOf<{ hits: number }>(
      await db.execute(sql`
        insert into ${rateLimits} (key, window_start, hits) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
        on conflict (key, window_start) do update set hits = ${rateLimits.hits} + 1
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
