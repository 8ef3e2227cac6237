import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { storedPages } from "../db/schema.ts";
import { pageStampsNow } from "../prompts/prompt-view.ts";
import type { KeptAnswer } from "./kept-response.ts";

/** A prompt a page shows, and its stamp as the page read it (server/prompts/prompt-view.ts). */
export interface ShownPrompt {
  id: string;
  stamp: string;
}

/**
 * How long a stored page may stand while nothing it shows changes. Its own prompt, its counts,
 * its creator's name and its related prompts are checked on every visit; what is not is a prompt
 * shared since that would now rank among its related ones.
 */
const storedForSeconds = 24 * 60 * 60;

/** How many expired pages one tidy deletes: a million expiring together go over many minutes. */
const forgetBatch = 5_000;

export interface StoredPages {
  /**
   * The brotli answer stored for this path, if this build rendered it and every prompt it shows
   * still reads as it did then (each one shared, with the same stamp).
   */
  find(path: string): Promise<{ answer: KeptAnswer; tags: string[] } | undefined>;
  /** Stores a rendered 200 answer, brotli-compressed, in place of any older one, unless a prompt it shows has changed since. */
  save(page: {
    path: string;
    shown: ShownPrompt[];
    tags: readonly string[];
    answer: KeptAnswer;
  }): Promise<void>;
}

/**
 * Public pages rendered once and kept in the database, for a visit that finds nothing in memory:
 * at a million prompts, memory holds the pages people read, and a page read again after a
 * restart, or after it fell out of memory, costs one row instead of a render (docs/decisions/0019).
 * `build` names the code that rendered a page: another build's pages are rendered again.
 */
export function createStoredPages(options: { db: Database; build: string }): StoredPages {
  const { db, build } = options;
  return {
    async find(path) {
      const [row] = await findStatement(db).execute({ path, build });
      if (!row) return undefined;
      return {
        answer: { status: 200, headers: row.headers, body: row.body },
        tags: row.tags,
      };
    },
    async save({ path, shown, tags, answer }) {
      await saveStatement(db).execute({
        path,
        build,
        shownIds: shown.map(({ id }) => id),
        stamps: shown.map(({ stamp }) => stamp),
        tags: [...tags],
        headers: JSON.stringify(answer.headers),
        body: answer.body,
      });
    },
  };
}

const findStatement = prepared((db) =>
  db
    .select({
      headers: storedPages.headers,
      body: storedPages.body,
      tags: storedPages.tags,
    })
    .from(storedPages)
    .where(
      and(
        eq(storedPages.path, sql.placeholder("path")),
        eq(storedPages.build, sql.placeholder("build")),
        sql`${storedPages.storedAt} > now() - make_interval(secs => ${sql.raw(String(storedForSeconds))})`,
        sql`${storedPages.stamps} = ${pageStampsNow(storedPages.shownIds)}`,
      ),
    )
    .prepare("stored_page"),
);

/**
 * Stores the page only if every prompt it shows still reads as it did when it was rendered: a
 * render that finishes after one of them was made private, edited or deleted stores nothing,
 * where it would otherwise land after the triggers that forget such pages had run. The stamps
 * are read under a share lock (pageStampsNow), so a change committing at the same moment is
 * either seen here or runs its trigger after this page is stored; without it, a save and a
 * delete at once on PostgreSQL each missed the other and the page stayed stored.
 */
const saveStatement = prepared((db) => {
  const value = (name: string) => sql.placeholder(name);
  const shownIds = sql`${value("shownIds")}::uuid[]`;
  const stamps = sql`${value("stamps")}::text[]`;
  return db
    .insert(storedPages)
    .select(
      sql`select ${value("path")}::text, ${value("build")}::text, ${shownIds}, ${stamps},
        ${value("tags")}::text[], ${value("headers")}::jsonb, ${value("body")}::bytea, now()
        where ${stamps} = ${pageStampsNow(shownIds, { locking: true })}`,
    )
    .onConflictDoUpdate({
      target: storedPages.path,
      set: {
        build: sql`excluded.build`,
        shownIds: sql`excluded.shown_ids`,
        stamps: sql`excluded.stamps`,
        tags: sql`excluded.tags`,
        headers: sql`excluded.headers`,
        body: sql`excluded.body`,
        storedAt: sql`excluded.stored_at`,
      },
    })
    .prepare("store_page");
});

/** Deletes stored pages too old to be served, a batch at a time; housekeeping calls it. */
export async function forgetOldStoredPages(db: Database) {
  const old = db
    .select({ path: storedPages.path })
    .from(storedPages)
    .where(
      lt(
        storedPages.storedAt,
        sql`now() - make_interval(secs => ${sql.raw(String(storedForSeconds))})`,
      ),
    )
    .limit(forgetBatch);
  await db.delete(storedPages).where(inArray(storedPages.path, old));
}
