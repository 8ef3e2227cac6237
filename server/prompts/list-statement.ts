import { and, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { favourites, prompts } from "../db/schema.ts";
import { decodeCursor } from "./list-cursor.ts";
import {
  adminConditions,
  inTopic,
  isOwnOnly,
  isStarredList,
  scopeCondition,
  tagConditions,
} from "./list-filters.ts";
import { after, orderOf, sortKeys } from "./list-order.ts";
import { checkedElsewhere, requireViewer } from "./prompt-access.ts";
import type { ListPromptsQuery } from "./prompt-input.ts";
import { selectPrompts } from "./prompt-view.ts";
import { type SearchColumns, searchCondition, testedOn } from "./search-condition.ts";
import { recentWindow, type SearchPath } from "./search-plan.ts";

/** No viewer: a community list for anyone (the other scopes, folders, tags and stars need one). */
type ListOptions = { db: Database; viewer: Viewer | null } & ListPromptsQuery & {
    /** Only these prompts, among those the list would hold (the palette's narrowed search). */
    within?: string[];
    /** Only pinned prompts (true) or only the rest (false); the owner's views list both apart. */
    pinned?: boolean;
  };

/**
 * The list's SQL along one search path, one row more than a page to tell whether another page
 * follows.
 */
export function listStatement(options: ListOptions, path: SearchPath = "planned") {
  const { viewer } = options;
  const order = orderOf(options);
  // Who may see a row, and the rows the list is narrowed to.
  const scoped: (SQL | undefined)[] = [scopeCondition(options, viewer)];
  if (options.category) scoped.push(inTopic(options.category));
  scoped.push(...adminConditions(options, viewer));
  if (isOwnOnly(options)) scoped.push(eq(prompts.userId, requireViewer(viewer).userId));
  if (options.within) scoped.push(inArray(prompts.id, options.within));
  if (options.pinned !== undefined) {
    scoped.push(
      options.pinned ? sql`${prompts.pinnedAt} is not null` : sql`${prompts.pinnedAt} is null`,
    );
  }
  const conditions: (SQL | undefined)[] = [];
  if (options.cursor) {
    conditions.push(after(order, decodeCursor(options.cursor, order), options.q));
  }
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

  if (path === "trigram" && options.q) {
    const term = options.q;
    // Sorting all the matches needs only their dates; the rest of a row is read for the page.
    // The trigram index is the only way in: every other test is run on the rows it finds. Left
    // open, "shared" let PostgreSQL intersect the lookup with the shared prompts' date index,
    // whose 750,000 entries at a million took 30 ms, to narrow a lookup that holds shared
    // prompts alone.
    const matches = (columns: SearchColumns, tests: (SQL | undefined)[], index?: SQL) =>
      options.db
        .select({ id: prompts.id })
        .from(prompts)
        .where(and(index, searchCondition(term, path, columns), onRowsFound(tests)))
        .orderBy(...newestByValue)
        .limit(options.limit + 1);
    const tests = [...conditions, ...rowTests];
    if (options.scope !== "all") return pageById(options, matches("shared", tests));
    // Shared and personal prompts are indexed apart: a search of both asks each index, for a
    // page of each, and the page is the newest of those. The personal prompts' index covers
    // those rows alone, so its condition stays where PostgreSQL can match it.
    const shared = matches("shared", [sql`${prompts.isShared}`, ...tests]);
    const personal = matches("any", tests, sql`not ${prompts.isShared}`);
    return pageById(options, sql`(select id from ((${shared}) union all (${personal})) matched)`);
  }
  let query = selectPrompts(options.db, viewer).$dynamic();
  if (isStarredList(options)) {
    query = query.innerJoin(
      favourites,
      and(eq(favourites.promptId, prompts.id), eq(favourites.userId, requireViewer(viewer).userId)),
    );
  }
  return query
    .where(and(...where(options.scope === "all" ? "any" : "shared")))
    .orderBy(...sortKeys(order, options.q))
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
      description: prompts.description,
    })
    .from(prompts)
    .where(and(...conditions))
    .orderBy(...sortKeys(orderOf(options)))
    .limit(recentWindow)
    .as("newest");
  return options.db
    .select({ id: newest.id })
    .from(newest)
    .where(
      or(
        testedOn(newest.promptText, term),
        testedOn(newest.category, term),
        testedOn(newest.description, term),
      ),
    )
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(options.limit + 1);
}

/** A search page's rows, read by id, newest first. */
function pageById(options: ListOptions, ids: SQLWrapper) {
  return selectPrompts(options.db, options.viewer)
    .where(and(inArray(prompts.id, ids), checkedElsewhere("chosen-by-the-rule")))
    .orderBy(...newestByValue);
}

/** Newest first, by a computed key no index holds (a search page read by id). */
const newestByValue = [desc(sql`${prompts.createdAt} + interval '0 seconds'`), desc(prompts.id)];

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

/** Tests run on rows another condition found, in a form no index can take; none when empty. */
function onRowsFound(tests: (SQL | undefined)[]) {
  return tests.some(Boolean) ? inOrder(tests) : undefined;
}
