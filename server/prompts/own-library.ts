import { and, eq, not } from "drizzle-orm";
import type { KeptLibrary } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import { libraryUsage, prompts } from "../db/schema.ts";
import { ownedBy } from "./prompt-access.ts";
import { wordsOf, trigramsOf as wordTrigrams } from "./search-pattern.ts";
import { earlyWithin } from "./search-relevance.ts";

/**
 * A person's own prompts that are not shared (the palette's first group), folded as a search for
 * a plain ASCII term folds them: under the "C" collation, which lowers ASCII letters alone
 * (search-condition.ts). Kept in memory for their palette (server/cache/kept-libraries.ts).
 */
export interface OwnLibrary extends KeptLibrary {
  rows: OwnRow[];
}

interface OwnRow {
  id: string;
  /** The use case, folded; what the ranking compares the term with. */
  category: string;
  text: string;
  /** The description, folded; empty when there is none. */
  description: string;
  createdAt: number;
  /** The use case's trigrams, as pg_trgm makes them. */
  trigrams: Set<string>;
}

/**
 * The largest library kept: a person's prompts may weigh up to the library size limit, and one
 * that large is searched in the database instead. 1,500 real prompts weigh 4 MB.
 */
const keptLibraryBytes = 16 * 1024 * 1024;

/** Reads the person's library to keep, or undefined when it is too large to keep. */
export async function readOwnLibrary(
  db: Database,
  userId: string,
): Promise<OwnLibrary | undefined> {
  const [usage] = await db
    .select({ bytes: libraryUsage.promptBytes })
    .from(libraryUsage)
    .where(eq(libraryUsage.userId, userId));
  if ((usage?.bytes ?? 0) > keptLibraryBytes) return undefined;
  const read = await db
    .select({
      id: prompts.id,
      category: prompts.category,
      text: prompts.promptText,
      description: prompts.description,
      createdAt: prompts.createdAt,
    })
    .from(prompts)
    .where(and(ownedBy({ userId }), not(prompts.isShared)));
  let bytes = 0;
  const rows = read.map((row) => {
    const category = foldAscii(row.category ?? "");
    const text = foldAscii(row.text);
    const description = foldAscii(row.description ?? "");
    bytes += (category.length + text.length + description.length) * 2 + 200;
    return {
      id: row.id,
      category,
      text,
      description,
      createdAt: row.createdAt.getTime(),
      trigrams: trigramsOf(category),
    };
  });
  return { rows, bytes };
}

/**
 * The ids of the prompts that hold a plain ASCII term in their text, use case or description, at most
 * `limit`, best first in `order` (newest, or "best match" as search-relevance.ts scores it, the
 * use case's likeness estimated as pg_trgm would), and how many matched. The database ranks the
 * ids given exactly; this only chooses which to give it.
 */
export function searchOwnLibrary(
  library: OwnLibrary,
  term: string,
  order: "newest" | "relevance",
  limit: number,
) {
  const folded = term.toLowerCase();
  const termTrigrams = trigramsOf(folded);
  const matches: { row: OwnRow; score: number }[] = [];
  for (const row of library.rows) {
    const position = row.text.indexOf(folded);
    const elsewhere = row.category.includes(folded) || row.description.includes(folded);
    if (position === -1 && !elsewhere) continue;
    const early = position !== -1 && position < earlyWithin ? 1 - position / earlyWithin : 0;
    const score =
      order === "relevance" ? 2 * similarity(row.trigrams, termTrigrams) + early : row.createdAt;
    matches.push({ row, score });
  }
  matches.sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? 1 : -1));
  return { ids: matches.slice(0, limit).map((match) => match.row.id), matched: matches.length };
}

/** Lowers ASCII letters alone, as `lower(... collate "C")` and `ilike` under "C" do. */
function foldAscii(text: string) {
  return /^[\0-\x7f]*$/.test(text) ? text.toLowerCase() : text.replace(/[A-Z]+/g, lowerCase);
}

const lowerCase = (letters: string) => letters.toLowerCase();

/** pg_trgm's trigrams: each word's, padded with two spaces before and one after. */
function trigramsOf(text: string) {
  return new Set(wordsOf(text).flatMap((word) => wordTrigrams(`  ${word} `)));
}

/** pg_trgm's similarity: the trigrams both share, over all the trigrams of either. */
function similarity(a: Set<string>, b: Set<string>) {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const trigram of b) if (a.has(trigram)) shared++;
  return shared / (a.size + b.size - shared);
}
