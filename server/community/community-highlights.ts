import { createHash } from "node:crypto";
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { dailyPrompts, favourites, prompts } from "../db/schema.ts";
import { type PublicPrompt, toPublicPrompt } from "../prompts/list-public-prompts.ts";
import { sharedNow } from "../prompts/prompt-access.ts";
import { selectPrompts } from "../prompts/prompt-view.ts";

const freshWindowMs = 24 * 60 * 60 * 1000;
const freshShown = 6;
const candidates = 50;

export interface CommunityHighlights {
  promptOfTheDay: PublicPrompt | null;
  freshToday: PublicPrompt[];
  freshCount: number;
}

/** The prompt of the day and the prompts shared in the last 24 hours. */
export async function communityHighlights(options: {
  db: Database;
  now?: Date;
}): Promise<CommunityHighlights> {
  const now = options.now ?? new Date();
  const pickId = await promptOfTheDayId(options.db, now.toISOString().slice(0, 10));
  const since = new Date(now.getTime() - freshWindowMs);
  const recent = sql`${prompts.createdAt} > ${since.toISOString()}::timestamptz`;
  const fresh = and(sharedNow(), recent);
  const [rows, [counted]] = await Promise.all([
    selectPrompts(options.db, null)
      .where(pickId ? and(sharedNow(), or(recent, eq(prompts.id, pickId))) : fresh)
      .orderBy(desc(prompts.createdAt), desc(prompts.id))
      .limit(freshShown + 1),
    options.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(prompts)
      .where(fresh),
  ]);
  const pick = rows.find((row) => row.id === pickId);
  return {
    promptOfTheDay: pick
      ? toPublicPrompt(pick)
      : pickId
        ? await fetchPick(options.db, pickId)
        : null,
    freshToday: rows
      .filter((row) => row.createdAt > since)
      .slice(0, freshShown)
      .map(toPublicPrompt),
    freshCount: counted?.n ?? 0,
  };
}

async function fetchPick(db: Database, id: string) {
  const [row] = await selectPrompts(db, null).where(and(eq(prompts.id, id), sharedNow()));
  return row ? toPublicPrompt(row) : null;
}

/**
 * The day's pick, the same for everyone: chosen once, deterministically from the day, among the
 * best-liked shared prompts (stars plus copies), or the newest when nothing is liked yet.
 */
async function promptOfTheDayId(db: Database, day: string): Promise<string | null> {
  const [stored] = await db
    .select({ id: dailyPrompts.promptId })
    .from(dailyPrompts)
    .where(eq(dailyPrompts.day, day));
  if (stored) return stored.id;
  const stars = db
    .select({ promptId: favourites.promptId, stars: sql<number>`count(*)`.as("stars") })
    .from(favourites)
    .groupBy(favourites.promptId)
    .as("stars");
  let pool = await db
    .select({ id: prompts.id })
    .from(prompts)
    .leftJoin(stars, eq(stars.promptId, prompts.id))
    .where(and(sharedNow(), gt(sql`coalesce(${stars.stars}, 0) + ${prompts.copyCount}`, 0)))
    .orderBy(desc(sql`coalesce(${stars.stars}, 0) + ${prompts.copyCount}`), desc(prompts.id))
    .limit(candidates);
  if (pool.length === 0) {
    pool = await db
      .select({ id: prompts.id })
      .from(prompts)
      .where(sharedNow())
      .orderBy(desc(prompts.createdAt), desc(prompts.id))
      .limit(candidates);
  }
  if (pool.length === 0) return null;
  const index = createHash("sha256").update(day).digest().readUInt32BE(0) % pool.length;
  const choice = pool[index]?.id ?? null;
  if (!choice) return null;
  await db.insert(dailyPrompts).values({ day, promptId: choice }).onConflictDoNothing();
  const [winner] = await db
    .select({ id: dailyPrompts.promptId })
    .from(dailyPrompts)
    .where(eq(dailyPrompts.day, day));
  return winner?.id ?? choice;
}
