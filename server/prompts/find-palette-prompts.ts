import { type PaletteAnswer, paletteGroupSize, paletteMatchesKept } from "../../shared/palette.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { KeptLibraries } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import { listStatement } from "./list-statement.ts";
import { readOwnLibrary, searchOwnLibrary } from "./own-library.ts";
import { requireViewer } from "./prompt-access.ts";
import { listPromptsQuery, type PaletteQuery } from "./prompt-input.ts";
import { toPrompt } from "./prompt-view.ts";
import { withMatchExcerpts } from "./search-excerpts.ts";
import { isPlainAscii } from "./search-pattern.ts";
import { listRows } from "./search-plan.ts";

/**
 * The command palette's search, asked at each pause in typing: the person's own prompts and the
 * community's that hold the term, best match first, in one answer. Both are the lists' own
 * searches (`GET /api/v1/prompts?scope=personal|community&sort=relevance`), with the same rule of
 * who sees what. The own search tests every one of the person's texts: with `libraries`, it does
 * so on their library kept in memory, and the database ranks only the best hundred of its
 * matches; without, the answer names the own prompts that matched when they are few, and a
 * longer term that holds this one, asked next, is looked for among them alone (see
 * docs/decisions/0015).
 */
export async function findPalettePrompts(
  options: { db: Database; viewer: Viewer | null; libraries?: KeptLibraries } & PaletteQuery,
): Promise<PaletteAnswer> {
  const viewer = requireViewer(options.viewer);
  const { db, q } = options;
  const search = (scope: "personal" | "community", limit: number, within?: string[]) => {
    const query = listPromptsQuery.parse({ scope, q, sort: orderFor(q), limit });
    const list = { ...query, db, viewer, within };
    return listRows(list, listStatement);
  };
  /** The own matches the database read, and whether they are all of them. */
  const ownSearch = async () => {
    const library =
      isPlainAscii(q) &&
      (await options.libraries?.get(viewer.userId, () => readOwnLibrary(db, viewer.userId)));
    if (!library) {
      const within = narrows(options.withinQ, q) ? options.within : undefined;
      const rows = await search("personal", paletteMatchesKept, within);
      return { rows, all: rows.length <= paletteMatchesKept };
    }
    const found = searchOwnLibrary(library, q, orderFor(q), paletteMatchesKept);
    const rows =
      found.ids.length === 0 ? [] : await search("personal", paletteMatchesKept, found.ids);
    return { rows, all: found.matched <= paletteMatchesKept };
  };
  const [own, community] = await Promise.all([ownSearch(), search("community", paletteGroupSize)]);
  const present = (rows: typeof community) =>
    withMatchExcerpts(
      db,
      rows.slice(0, paletteGroupSize).map((row) => toPrompt(row, viewer)),
      q,
    );
  const [ownItems, communityItems] = await Promise.all([present(own.rows), present(community)]);
  return {
    own: ownItems,
    community: communityItems,
    ownMatches: own.all ? own.rows.map((row) => row.id) : null,
  };
}

/**
 * Whether every prompt holding `term` holds `earlier` too: it is part of the term, and both fold
 * letters the same way (an ASCII term is compared under "C", any other folds every letter; see
 * search-condition.ts).
 */
function narrows(earlier: string | undefined, term: string) {
  return (
    earlier !== undefined && term.includes(earlier) && isPlainAscii(earlier) === isPlainAscii(term)
  );
}

/**
 * Best match first, as the lists rank a search, once the term has three characters (a trigram,
 * what the ranking compares). A shorter one is in most prompts and says little about which is
 * best: ranking them all took a few hundred milliseconds on 1,500 prompts, while the term the
 * person goes on to type waited. It lists the newest, which stops at the first matches.
 */
function orderFor(term: string) {
  return Array.from(term).length < 3 ? "newest" : "relevance";
}
