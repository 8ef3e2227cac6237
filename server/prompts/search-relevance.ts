import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { checkedElsewhere } from "./prompt-access.ts";
import { isPlainAscii } from "./search-pattern.ts";

/**
 * How far into a text an early match still counts for more than a late one: its opening
 * paragraph. Reading that far into every match is most of the ranking's cost, and it grows with
 * the length read: over 1,500 real prompts on the embedded database, 13 ms for 300 characters,
 * 18 for 500, 39 for 2,000 (what it was).
 */
export const earlyWithin = 500;

/**
 * "Best match" for a search: how like the term a prompt's use case is (trigram similarity, the
 * measure pg_trgm indexes), plus how early the term comes in its text. Every row a search lists
 * holds the term somewhere, so a use case about it and an opening that names it rank first.
 * Rounded to six places, so a page's last score goes out in a cursor and comes back exactly.
 *
 * A term in plain ASCII is found in the opening folded under the "C" collation, as the search
 * itself tests it (search-condition.ts): folding 2,000 characters of every match under the
 * database's collation was most of a common word's search, 70 µs a row on the embedded database.
 */
export function relevance(term: string): SQL<number> {
  const opening = sql`left(${prompts.promptText}, ${earlyWithin})`;
  const folded = isPlainAscii(term) ? sql`lower(${opening} collate "C")` : sql`lower(${opening})`;
  const position = sql`nullif(strpos(${folded}, lower(${term})), 0)`;
  return sql<number>`round((2 * similarity(coalesce(${prompts.category}, ''), ${term})
    + coalesce(1 - ${position}::numeric / ${earlyWithin}, 0))::numeric, 6)::float8`.mapWith(Number);
}

/** The score of one prompt, for the cursor to the page after it. */
export async function relevanceOf(db: Database, id: string, term: string) {
  const [row] = await db
    .select({ score: relevance(term) })
    .from(prompts)
    .where(sql`${prompts.id} = ${id} and ${checkedElsewhere("chosen-by-the-rule")}`);
  return row?.score ?? 0;
}
