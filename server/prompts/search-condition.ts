import { and, or, type SQLWrapper, sql } from "drizzle-orm";
import { prompts } from "../db/schema.ts";
import {
  containsPattern,
  isPlainAscii,
  type TrigramLookup,
  trigramLookup,
} from "./search-pattern.ts";
import type { SearchPath } from "./search-plan.ts";

/**
 * The columns a community search looks a term up in: a prompt's text, topic and description when
 * it is shared, null when it is personal. The shared prompts' trigram indexes are built on exactly
 * these expressions, and PostgreSQL keeps statistics per indexed expression, so both the entries
 * a community search reads and the plan it gets come from shared prompts alone. "any": the
 * columns themselves, for an administrator's search of every prompt.
 */
export type SearchColumns = "shared" | "any";
const searchColumns: Record<SearchColumns, SQLWrapper[]> = {
  shared: [
    sql`(case when ${prompts.isShared} then ${prompts.promptText} end)`,
    sql`(case when ${prompts.isShared} then ${prompts.category} end)`,
    sql`(case when ${prompts.isShared} then ${prompts.description} end)`,
  ],
  any: [prompts.promptText, prompts.category, prompts.description],
};

/**
 * The term in a prompt's text, topic or description. Your own rows are found by folder, owner or star, so
 * there the term is only tested on each row. Otherwise the trigram indexes are asked (under the
 * "C" collation they are built with) for the rows that may hold it, by its rare stretch when it
 * has common trigrams, and the whole term is tested on the few rows found (see trigramLookup and
 * docs/decisions/0007).
 */
export function searchCondition(term: string, path: SearchPath, columns: SearchColumns) {
  const tested = or(
    testedOn(prompts.promptText, term),
    testedOn(prompts.category, term),
    testedOn(prompts.description, term),
  );
  if (path === "own") return tested;
  const lookup = trigramLookup(term);
  const found = or(...searchColumns[columns].map((column) => lookedUp(column, lookup)));
  return lookup.exact ? found : and(found, tested);
}

function lookedUp(column: SQLWrapper, lookup: TrigramLookup) {
  return sql`${column} collate "C" ${sql.raw(lookup.operator)} ${lookup.pattern}`;
}

/**
 * The term tested on a row, in a form no index can take. A term in plain ASCII is compared under
 * the "C" collation, which folds only ASCII letters to lower case: several times faster than
 * folding every letter of a prompt, and the same answer unless the text holds one of the rare
 * letters whose lower case is ASCII (the Kelvin sign, say). Any other term folds every letter.
 */
export function testedOn(column: SQLWrapper, term: string) {
  const folding = isPlainAscii(term) ? sql` collate "C"` : sql``;
  return sql`(${column} || '')${folding} ilike ${containsPattern(term)}`;
}
