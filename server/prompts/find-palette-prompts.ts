import { sql } from "drizzle-orm";
import {
  type PaletteAnswer,
  paletteGroupSize,
  paletteMatchesKept,
  paletteTeamPrompts,
} from "../../shared/palette.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { KeptLibraries } from "../cache/kept-answers.ts";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { teamMembers, teamUsage } from "../db/schema.ts";
import { listStatement } from "./list-statement.ts";
import { readOwnLibrary, searchOwnLibrary } from "./own-library.ts";
import { requireViewer } from "./prompt-access.ts";
import { listPromptsQuery, type PaletteQuery } from "./prompt-input.ts";
import { toPrompt } from "./prompt-view.ts";
import { withMatchExcerpts } from "./search-excerpts.ts";
import { isPlainAscii } from "./search-pattern.ts";
import { listRows } from "./search-plan.ts";

/**
 * The command palette's search, asked at each pause in typing: the person's own prompts, their
 * teams' and the community's that hold the term, best match first, in one answer. Each is the
 * lists' own search (`GET /api/v1/prompts?scope=personal|teams|community&sort=relevance`), with
 * the same rule of who sees what. Their teams' are searched while they hold at most
 * `paletteTeamPrompts` together (their count is kept, team_usage); past that, a team's page
 * searches it. The own search tests every one of the person's texts: with `libraries`, it does
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
  const search = (scope: "personal" | "teams" | "community", limit: number, within?: string[]) => {
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
  // A team's shared prompts are the community's group's: each prompt is offered once.
  const teamSearch = async () =>
    (await teamPromptsHeld(db, viewer.userId)) > paletteTeamPrompts
      ? null
      : (await search("teams", paletteGroupSize * 2)).filter((row) => !row.isShared);
  const [own, teams, community] = await Promise.all([
    ownSearch(),
    teamSearch(),
    search("community", paletteGroupSize),
  ]);
  const present = (rows: typeof community) =>
    withMatchExcerpts(
      db,
      rows.slice(0, paletteGroupSize).map((row) => toPrompt(row, viewer)),
      q,
    );
  const [ownItems, teamItems, communityItems] = await Promise.all([
    present(own.rows),
    present(teams ?? []),
    present(community),
  ]);
  return {
    own: ownItems,
    teams: teamItems,
    teamsSearched: teams !== null,
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

/** How many prompts the person's teams hold together, as their counts keep it. */
async function teamPromptsHeld(db: Database, userId: string) {
  const [row] = rowsOf<{ held: string | number | null }>(
    await db.execute(sql`select sum(${teamUsage.prompts}) as held from ${teamUsage}
      where ${teamUsage.teamId} in (select ${teamMembers.teamId} from ${teamMembers}
        where ${teamMembers.userId} = ${userId})`),
  );
  return Number(row?.held ?? 0);
}
