import { and, asc, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PromptPage, SortOrder } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { favourites, prompts, promptTags, tags } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { decodeCursor, encodeCursor, type ListPosition } from "./list-cursor.ts";
import { requireViewer, visibleTo } from "./prompt-access.ts";
import type { ListPromptsQuery } from "./prompt-input.ts";
import { selectPrompts, toPrompt } from "./prompt-view.ts";
import {
  containsPattern,
  isPlainAscii,
  type TrigramLookup,
  trigramLookup,
} from "./search-pattern.ts";

type Order = SortOrder | "starred";

/** The favourites view, or any list narrowed to starred prompts. */
function isStarredList(options: Pick<ListPromptsQuery, "scope" | "starred">) {
  return options.scope === "favourites" || options.starred;
}

/** Starred lists in the default order show the newest star first. */
function orderOf(options: Pick<ListPromptsQuery, "scope" | "starred" | "sort">): Order {
  return isStarredList(options) && options.sort === "newest" ? "starred" : options.sort;
}

/**
 * A page of prompts: your personal ones, the community's, or (administrators) all of them;
 * narrowed by topic, search term, your folder, your tags (all of them) or your stars; in one of
 * four orders. The favourites view (starred, newest) lists newest star first.
 */
export async function listPrompts(
  options: { db: Database; viewer: Viewer | null } & ListPromptsQuery,
): Promise<PromptPage> {
  const viewer = requireViewer(options.viewer);
  const order = orderOf(options);
  const rows = await pageRows({ ...options, viewer });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toPrompt(row, viewer)),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor(order, positionOf(order, last)) : null,
  };
}

type ListOptions = { db: Database; viewer: Viewer } & ListPromptsQuery;

/**
 * How a newest-first search reaches its rows. PostgreSQL picks between walking the date index
 * (fast when the word is common) and the trigram index (fast when it is rare) from a row
 * estimate that can be far off, and a wrong pick costs a rare word hundreds of milliseconds. So
 * the search looks at the newest rows first ("recent"): a common word fills the page there. A
 * word found there fewer than `commonInRecent` times is searched by an order the date index
 * cannot give ("trigram"), so the trigram index is the only way in; in between, PostgreSQL
 * chooses ("planned"), where either path is bounded. A search of your personal library, a
 * folder or tags reaches only your own prompts: they are walked newest first, cheapest test
 * first ("own").
 * See docs/decisions/0007.
 */
export type SearchPath = "planned" | "recent" | "trigram" | "own";
export const recentWindow = 200;
const commonInRecent = 3;

async function pageRows(options: ListOptions) {
  if (options.q && testsEachRow(options)) return listStatement(options, "own");
  if (!options.q || orderOf(options) !== "newest") return listStatement(options);
  const recent = await listStatement(options, "recent");
  if (recent.length > options.limit) return recent;
  return listStatement(options, recent.length >= commonInRecent ? "planned" : "trigram");
}

/** Folders and tags are private: filtering by them only ever reaches your own prompts. */
function isOwnOnly(options: Pick<ListPromptsQuery, "folder" | "tag">) {
  return Boolean(options.folder) || options.tag.length > 0;
}

/**
 * A search of your library, a folder, your tags or your stars tests each of those rows and asks
 * no index: the trigram index of personal prompts holds everyone's, and how long a lookup in it
 * took (or the plan its statistics chose) would tell how many of other people's private prompts
 * hold the term. So its time depends on your own rows alone.
 */
function testsEachRow(options: Pick<ListPromptsQuery, "folder" | "tag" | "scope" | "starred">) {
  return isOwnOnly(options) || options.scope === "personal" || isStarredList(options);
}

/** The list's SQL, one row more than a page to tell whether another page follows. */
export function listStatement(options: ListOptions, path: SearchPath = "planned") {
  const { viewer } = options;
  const order = orderOf(options);
  // Who may see a row, and the rows the list is narrowed to.
  const scoped: (SQL | undefined)[] = [scopeCondition(options.scope, viewer)];
  if (options.category) {
    scoped.push(sql`lower(${prompts.category}) = lower(${options.category})`);
  }
  if (isOwnOnly(options)) scoped.push(eq(prompts.userId, viewer.userId));
  const conditions: (SQL | undefined)[] = [];
  if (options.cursor) conditions.push(after(order, decodeCursor(options.cursor, order)));
  const rowTests: (SQL | undefined)[] = tagConditions(options.tag, viewer);
  if (options.folder) {
    // A folder holds one person's prompts: it is the way in, and the rest are tests on its rows.
    conditions.push(eq(prompts.folderId, options.folder));
    rowTests.unshift(...scoped);
  } else {
    conditions.push(...scoped);
  }
  if (path === "recent" && options.q) {
    return pageById(options, recentMatches(options, [...conditions, ...rowTests], options.q));
  }
  const inCase = path === "own" || Boolean(options.folder);
  const where = (columns: SearchColumns) => {
    const tests = options.q ? [...rowTests, searchCondition(options.q, path, columns)] : rowTests;
    return [...conditions, ...(inCase && tests.length > 0 ? [inOrder(tests)] : tests)];
  };

  if (path === "trigram") {
    // Sorting all the matches needs only their dates; the rest of a row is read for the page.
    const matches = (tests: (SQL | undefined)[]) =>
      options.db
        .select({ id: prompts.id })
        .from(prompts)
        .where(and(...tests))
        .orderBy(...newestByValue)
        .limit(options.limit + 1);
    if (options.scope !== "all") return pageById(options, matches(where("shared")));
    // Shared and personal prompts are indexed apart: a search of both asks each index, for a
    // page of each, and the page is the newest of those.
    const shared = matches([sql`${prompts.isShared}`, ...where("shared")]);
    const personal = matches([sql`not ${prompts.isShared}`, ...where("any")]);
    return pageById(options, sql`(select id from ((${shared}) union all (${personal})) matched)`);
  }
  let query = selectPrompts(options.db, viewer).$dynamic();
  if (isStarredList(options)) {
    query = query.innerJoin(
      favourites,
      and(eq(favourites.promptId, prompts.id), eq(favourites.userId, viewer.userId)),
    );
  }
  return query
    .where(and(...where(options.scope === "all" ? "any" : "shared")))
    .orderBy(...orderBy(order))
    .limit(options.limit + 1);
}

/**
 * The "recent" step: the term tested on the list's newest `recentWindow` rows alone. They are
 * read in a subquery of their own, so PostgreSQL cannot start from anywhere else (on 10,000
 * prompts it once read the whole table to test the term, then kept the rows in the window).
 */
function recentMatches(options: ListOptions, conditions: (SQL | undefined)[], term: string) {
  const newest = options.db
    .select({
      id: prompts.id,
      createdAt: prompts.createdAt,
      promptText: prompts.promptText,
      category: prompts.category,
    })
    .from(prompts)
    .where(and(...conditions))
    .orderBy(...orderBy(orderOf(options)))
    .limit(recentWindow)
    .as("newest");
  return options.db
    .select({ id: newest.id })
    .from(newest)
    .where(or(testedOn(newest.promptText, term), testedOn(newest.category, term)))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(options.limit + 1);
}

/** A search page's rows, read by id, newest first. */
function pageById(options: ListOptions, ids: SQLWrapper) {
  return selectPrompts(options.db, options.viewer)
    .where(inArray(prompts.id, ids))
    .orderBy(...newestByValue);
}

/**
 * Each tag (all of them): one lookup of the tag, then one probe of the prompt's own tags per row,
 * a cost that stays per row whatever PostgreSQL estimates.
 */
function tagConditions(names: string[], viewer: Viewer) {
  return [...new Set(names)].map(
    (name) => sql`exists (
      select 1 from ${promptTags} where ${promptTags.promptId} = ${prompts.id}
        and ${promptTags.tagId} = (select ${tags.id} from ${tags}
          where ${tags.userId} = ${viewer.userId} and lower(${tags.name}) = lower(${name})))`,
  );
}

/**
 * A row's tests, run in the order written. PostgreSQL would scan a prompt's text first, as its
 * estimates rank that cheapest, when a tag probe costs a fraction of it; on a folder of 2,500
 * prompts the text scans were most of the search. Nor can its statistics tell how many of one
 * person's prompts pass such a test; it counts on half, so it walks a large folder newest first
 * and stops once the page is full. No index can take a test in here: given the owner as well
 * as the folder, PostgreSQL combined both indexes, which it takes as independent, and read the
 * whole folder (see docs/decisions/0007).
 */
function inOrder(tests: (SQL | undefined)[]) {
  return sql`case when ${and(...tests)} then true end`;
}

/**
 * The columns a community search looks a term up in: a prompt's text and topic when it is
 * shared, null when it is personal. The shared prompts' trigram indexes are built on exactly
 * these expressions, and PostgreSQL keeps statistics per indexed expression, so both the entries
 * a community search reads and the plan it gets come from shared prompts alone. "any": the
 * columns themselves, for an administrator's search of every prompt.
 */
type SearchColumns = "shared" | "any";
const searchColumns: Record<SearchColumns, [SQLWrapper, SQLWrapper]> = {
  shared: [
    sql`(case when ${prompts.isShared} then ${prompts.promptText} end)`,
    sql`(case when ${prompts.isShared} then ${prompts.category} end)`,
  ],
  any: [prompts.promptText, prompts.category],
};

/**
 * The term in a prompt's text or topic. Your own rows are found by folder, owner or star, so
 * there the term is only tested on each row. Otherwise the trigram indexes are asked (under the
 * "C" collation they are built with) for the rows that may hold it, by its rare stretch when it
 * has common trigrams, and the whole term is tested on the few rows found (see trigramLookup and
 * docs/decisions/0007).
 */
function searchCondition(term: string, path: SearchPath, columns: SearchColumns) {
  const tested = or(testedOn(prompts.promptText, term), testedOn(prompts.category, term));
  if (path === "own") return tested;
  const lookup = trigramLookup(term);
  const [text, category] = searchColumns[columns];
  const found = or(lookedUp(text, lookup), lookedUp(category, lookup));
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
function testedOn(column: SQLWrapper, term: string) {
  const folding = isPlainAscii(term) ? sql` collate "C"` : sql``;
  return sql`(${column} || '')${folding} ilike ${containsPattern(term)}`;
}

/** Newest first, by a computed key no index holds (a search page read by id). */
const newestByValue = [desc(sql`${prompts.createdAt} + interval '0 seconds'`), desc(prompts.id)];

function scopeCondition(scope: ListPromptsQuery["scope"], viewer: Viewer) {
  switch (scope) {
    case "personal":
      return and(eq(prompts.userId, viewer.userId), sql`not ${prompts.isShared}`);
    case "community":
      return sql`${prompts.isShared}`;
    case "favourites":
      return visibleTo(viewer);
    case "all":
      if (!viewer.isAdmin)
        throw new AppError("forbidden", "Only administrators can list every prompt");
      return undefined;
  }
}

const titleKey = sql`lower(${prompts.title})`;

function orderBy(order: Order) {
  switch (order) {
    case "newest":
      return [desc(prompts.createdAt), desc(prompts.id)];
    case "oldest":
      return [asc(prompts.createdAt), asc(prompts.id)];
    case "title":
      return [asc(titleKey), asc(prompts.id)];
    case "copies":
      return [desc(prompts.copyCount), desc(prompts.id)];
    case "starred":
      return [desc(favourites.createdAt), desc(prompts.id)];
  }
}

/** Rows strictly after the cursor's position in this order (a keyset condition). */
function after(order: Order, at: ListPosition) {
  switch (order) {
    case "newest":
      return sql`(${prompts.createdAt}, ${prompts.id}) < (${at.value}::timestamptz, ${at.id}::uuid)`;
    case "oldest":
      return sql`(${prompts.createdAt}, ${prompts.id}) > (${at.value}::timestamptz, ${at.id}::uuid)`;
    case "title":
      return sql`(${titleKey}, ${prompts.id}) > (${at.value}, ${at.id}::uuid)`;
    case "copies":
      return sql`(${prompts.copyCount}, ${prompts.id}) < (${at.value}::int, ${at.id}::uuid)`;
    case "starred":
      return sql`(${favourites.createdAt}, ${prompts.id}) < (${at.value}::timestamptz, ${at.id}::uuid)`;
  }
}

type Row = Awaited<ReturnType<typeof listStatement>>[number];

function positionOf(order: Order, row: Row): ListPosition {
  switch (order) {
    case "newest":
    case "oldest":
      return { value: row.createdAt.toISOString(), id: row.id };
    case "title":
      return { value: row.titleKey, id: row.id };
    case "copies":
      return { value: row.copyCount, id: row.id };
    case "starred":
      return { value: new Date(row.starredAt ?? 0).toISOString(), id: row.id };
  }
}
