import type { PromptPage } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { requireTeamRole } from "../teams/team-access.ts";
import { encodeCursor } from "./list-cursor.ts";
import { isArrangedView, orderOf, positionOf } from "./list-order.ts";
import { listStatement } from "./list-statement.ts";
import { requireViewer } from "./prompt-access.ts";
import type { ListPromptsQuery } from "./prompt-input.ts";
import { toPrompt } from "./prompt-view.ts";
import { withMatchExcerpts } from "./search-excerpts.ts";
import { listRows } from "./search-plan.ts";
import { relevanceOf } from "./search-relevance.ts";

/**
 * A page of prompts: your personal ones, the community's, or (administrators) all of them;
 * narrowed by topic, search term, your folder, your tags (all of them) or your stars; in one of
 * five orders, or a search's best match first. The favourites view (starred, newest) lists newest
 * star first. A search's cards get the text around the match when it lies past their excerpt.
 * Your own library and folders, and a team's library, unsearched, start with the pinned prompts
 * (in the same order), and the pages go on through the rest.
 */
/** The most pinned prompts a list starts with. */
const pinnedShown = 100;

export async function listPrompts(
  options: { db: Database; viewer: Viewer | null } & ListPromptsQuery,
): Promise<PromptPage> {
  const viewer = requireViewer(options.viewer);
  // A team one is not in is not found, as its prompts are; the list's rule (inTeam) is the same.
  if (options.scope === "team" && options.team) {
    await requireTeamRole(options.db, viewer, options.team, "viewer");
  }
  const pinsApart = isArrangedView(options) && !options.q;
  const list = { ...options, viewer, ...(pinsApart ? { pinned: false } : {}) };
  const order = orderOf(list);
  const pinned =
    pinsApart && !options.cursor
      ? await listStatement({ ...list, pinned: true, limit: pinnedShown - 1 })
      : [];
  const rows = await listRows(list, listStatement);
  const page = [...pinned.slice(0, pinnedShown), ...rows.slice(0, options.limit)];
  const last = rows.length > options.limit ? page.at(-1) : undefined;
  const score =
    last && order === "relevance" ? await relevanceOf(options.db, last.id, options.q ?? "") : 0;
  const items = page.map((row) => toPrompt(row, viewer));
  return {
    items: await withMatchExcerpts(options.db, items, options.q),
    nextCursor: last ? encodeCursor(order, positionOf(order, last, score)) : null,
  };
}
