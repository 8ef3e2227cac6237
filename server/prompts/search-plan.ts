import { isOwnOnly, isStarredList } from "./list-filters.ts";
import { orderOf } from "./list-order.ts";
import type { ListPromptsQuery } from "./prompt-input.ts";

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

/**
 * "Best match" ranks this many of a community search's newest matches: scoring every prompt that
 * holds a common word means reading and sorting most of the community (a word in 48,000 of a
 * million prompts: 300-500 ms of the database alone, seconds for everyone once a few such
 * searches run at once). Ten pages of them.
 */
export const bestMatchPool = 240;

/**
 * A page's rows (one more than a page), read by `read` along the path or paths above. Lists that
 * are not a search, or not newest first, are planned by PostgreSQL alone.
 */
export async function pageRows<Row>(
  options: ListPromptsQuery,
  read: (path: SearchPath) => PromiseLike<Row[]>,
) {
  if (options.q && testsEachRow(options)) return read("own");
  if (!options.q || orderOf(options) !== "newest") return read("planned");
  const recent = await read("recent");
  if (recent.length > options.limit) return recent;
  return read(recent.length >= commonInRecent ? "planned" : "trigram");
}

/**
 * A page's rows as `pageRows` reads them, except that a search in "best match" order of the
 * community, or of a team's library, ranks its newest `bestMatchPool` matches (found along the
 * paths above), not all of them: a team's 10,000 prompts hold "the" 8,000 times, and ranking them
 * all took 146 ms of the database against 8 ms for the pool (bench/results/teams.md). A page
 * after the first carries on within the same pool. A person's own library ranks every match, as
 * the palette does on the library it keeps in memory (own-library.ts).
 */
export async function listRows<
  Options extends ListPromptsQuery & { within?: string[] },
  Row extends { id: string },
>(options: Options, read: (options: Options, path: SearchPath) => PromiseLike<Row[]>) {
  if (!options.q || orderOf(options) !== "relevance" || ranksAll(options)) {
    return pageRows(options, (path) => read(options, path));
  }
  const newest = { ...options, sort: "newest" as const, cursor: undefined, limit: bestMatchPool };
  const pool = await pageRows(newest, (path) => read(newest, path));
  const ranked = { ...options, within: pool.slice(0, bestMatchPool).map((row) => row.id) };
  return pageRows(ranked, (path) => read(ranked, path));
}

/** Whether a "best match" search ranks every match: one of the person's own rows alone. */
function ranksAll(options: ListPromptsQuery) {
  return testsEachRow(options) && options.scope !== "team" && options.scope !== "teams";
}

/**
 * A search of your library, a team's (or all of yours), a folder, your tags or your stars tests each of those rows
 * and asks no index: the trigram index of personal prompts holds everyone's, and how long a
 * lookup in it took (or the plan its statistics chose) would tell how many of other people's
 * private prompts hold the term. So its time depends on the rows you may read alone.
 */
function testsEachRow(options: Pick<ListPromptsQuery, "folder" | "tag" | "scope" | "starred">) {
  return (
    isOwnOnly(options) ||
    options.scope === "personal" ||
    options.scope === "team" ||
    options.scope === "teams" ||
    isStarredList(options)
  );
}
