import { and, count, inArray, sql } from "drizzle-orm";
import { type BrowseQuery, browseCountMax } from "../../shared/browse.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { inTopic, scopeCondition } from "./list-filters.ts";
import { toPublicPrompt } from "./list-public-prompts.ts";
import { listStatement } from "./list-statement.ts";
import { checkedElsewhere } from "./prompt-access.ts";
import { withMatchExcerpts } from "./search-excerpts.ts";
import { bestMatchPool, pageRows } from "./search-plan.ts";
import { relevance } from "./search-relevance.ts";

/**
 * A numbered page of the community's shared prompts for anyone, no viewer: by topic, newest or
 * most copied first, or searched. It is the community list the API gives, read up to the end of
 * the page asked for (page numbers are capped, so that stays a few hundred rows), so a search
 * takes the same paths through the shared prompts' own indexes and its time says nothing of
 * anyone's private words (docs/decisions/0007).
 */
export async function listSharedPrompts(options: { db: Database; pageSize: number } & BrowseQuery) {
  const end = options.page * options.pageSize;
  const bestMatch = options.sort === "relevance" && Boolean(options.q);
  const list = sharedList(options);
  const read = await pageRows(list, (path) => listStatement(list, path));
  const rows = bestMatch
    ? await byRelevance(options.db, read.slice(0, bestMatchPool), options.q ?? "")
    : read;
  const items = rows.slice(end - options.pageSize, end).map(toPublicPrompt);
  return {
    items: await withMatchExcerpts(options.db, items, options.q),
    hasNext: rows.length > end,
  };
}

/**
 * How many shared prompts an unsearched browse list holds (by topic, if given), up to
 * `browseCountMax + 1`.
 */
export async function countSharedPrompts(db: Database, topic?: string) {
  const listed = db
    .select({ one: sql`1` })
    .from(prompts)
    .where(and(scopeCondition({ scope: "community" }, null), topic ? inTopic(topic) : undefined))
    .limit(browseCountMax + 1)
    .as("listed");
  const [row] = await db.select({ n: count() }).from(listed);
  return row?.n ?? 0;
}

/**
 * The community list a browse page reads: up to the end of its page, or for "best match" the
 * newest matches that are ranked.
 */
export function sharedList(options: { db: Database; pageSize: number } & BrowseQuery) {
  const bestMatch = options.sort === "relevance" && Boolean(options.q);
  return {
    db: options.db,
    viewer: null,
    scope: "community" as const,
    category: options.topic,
    q: options.q,
    sort: bestMatch ? ("newest" as const) : options.sort,
    limit: bestMatch ? bestMatchPool : options.page * options.pageSize,
    tag: [],
    starred: false,
    visibility: "all" as const,
  };
}

/** The rows, best match first (ties: the API's order, highest id first). */
async function byRelevance<Row extends { id: string }>(db: Database, rows: Row[], term: string) {
  if (rows.length === 0) return rows;
  const scores = await db
    .select({ id: prompts.id, score: relevance(term) })
    .from(prompts)
    .where(
      and(
        inArray(
          prompts.id,
          rows.map((row) => row.id),
        ),
        checkedElsewhere("chosen-by-the-rule"),
      ),
    );
  const scoreOf = new Map(scores.map((row) => [row.id, row.score]));
  const score = (row: Row) => scoreOf.get(row.id) ?? 0;
  return [...rows].sort((a, b) => score(b) - score(a) || (a.id < b.id ? 1 : -1));
}
