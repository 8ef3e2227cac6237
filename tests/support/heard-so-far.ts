import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { cacheChannel, type KeptAnswers } from "../../server/cache/kept-answers.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";

/**
 * Resolves once this process has heard every change notice the database sent before the call: a
 * notice of the test's own, sent after them on the same channel, has come back (notices arrive
 * in the order they were committed). A test that counts what is read again after a change waits
 * for this first, so that the late notice of an earlier change (late on a loaded machine) is not
 * counted against what it measures.
 */
export async function heardSoFar(database: DatabaseHandle, channel: KeptAnswers["channel"]) {
  const marker = `heard-so-far-${randomUUID()}`;
  const before = channel.of(marker, false);
  await database.db.execute(sql`select pg_notify(${cacheChannel}, ${`user:${marker}`})`);
  // Generous: the limit is for a notice that never comes, not a race with a slow one.
  await expect.poll(() => channel.of(marker, false), { timeout: 60_000 }).not.toBe(before);
}
