import { asc, desc, sql } from "drizzle-orm";
import type { SortOrder } from "../../shared/prompt.ts";
import { favourites, prompts } from "../db/schema.ts";
import type { ListPosition } from "./list-cursor.ts";
import { isStarredList } from "./list-filters.ts";
import type { ListPromptsQuery } from "./prompt-input.ts";
import type { selectPrompts } from "./prompt-view.ts";
import { relevance } from "./search-relevance.ts";

/**
 * The orders a list is sorted in, and how a page carries on from where the last one ended: the
 * rows after the last row's position in the order (a keyset), never an offset.
 */
export type ListOrder = SortOrder | "starred";

/**
 * Starred lists in the default order show the newest star first; "best match" needs a search
 * term, and without one is newest first; the manual order is the owner's (or the team's), so it
 * orders only their own library and folders, and a team's library, and anywhere else is newest
 * first.
 */
export function orderOf(
  options: Pick<ListPromptsQuery, "scope" | "starred" | "sort" | "q" | "folder">,
): ListOrder {
  const unavailable =
    (options.sort === "relevance" && !options.q) ||
    (options.sort === "manual" && !isArrangedView(options));
  const sort = unavailable ? "newest" : options.sort;
  return isStarredList(options) && sort === "newest" ? "starred" : sort;
}

/**
 * The person's own library, one of their folders, or a team's library: where pins and the manual
 * order apply (a team's are the team's, set by its editors).
 */
export function isArrangedView(options: Pick<ListPromptsQuery, "scope" | "folder" | "starred">) {
  return (
    (options.scope === "personal" || options.scope === "team" || Boolean(options.folder)) &&
    !options.starred
  );
}

const titleKey = sql`lower(${prompts.title})`;

export function sortKeys(order: ListOrder, term = "") {
  switch (order) {
    case "relevance":
      return [desc(relevance(term)), desc(prompts.id)];
    case "newest":
      return [desc(prompts.createdAt), desc(prompts.id)];
    case "oldest":
      return [asc(prompts.createdAt), asc(prompts.id)];
    case "title":
      return [asc(titleKey), asc(prompts.id)];
    case "copies":
      return [desc(prompts.copyCount), desc(prompts.id)];
    case "manual":
      return [asc(prompts.position), asc(prompts.id)];
    case "starred":
      return [desc(favourites.createdAt), desc(prompts.id)];
  }
}

/** Rows strictly after the cursor's position in this order (a keyset condition). */
export function after(order: ListOrder, at: ListPosition, term = "") {
  switch (order) {
    case "relevance":
      return sql`(${relevance(term)}, ${prompts.id}) < (${at.value}::float8, ${at.id}::uuid)`;
    case "newest":
      return sql`(${prompts.createdAt}, ${prompts.id}) < (${at.value}::timestamptz, ${at.id}::uuid)`;
    case "oldest":
      return sql`(${prompts.createdAt}, ${prompts.id}) > (${at.value}::timestamptz, ${at.id}::uuid)`;
    case "title":
      return sql`(${titleKey}, ${prompts.id}) > (${at.value}, ${at.id}::uuid)`;
    case "copies":
      return sql`(${prompts.copyCount}, ${prompts.id}) < (${at.value}::int, ${at.id}::uuid)`;
    case "manual":
      return sql`(${prompts.position}, ${prompts.id}) > (${at.value}, ${at.id}::uuid)`;
    case "starred":
      return sql`(${favourites.createdAt}, ${prompts.id}) < (${at.value}::timestamptz, ${at.id}::uuid)`;
  }
}

type ListedRow = Awaited<ReturnType<typeof selectPrompts>>[number];

/** A row's position in this order, for the cursor to the page after it (`score`: its relevance). */
export function positionOf(
  order: ListOrder,
  row: Pick<ListedRow, "id" | "createdAt" | "titleKey" | "copyCount" | "starredAt" | "position">,
  score = 0,
): ListPosition {
  switch (order) {
    case "relevance":
      return { value: score, id: row.id };
    case "newest":
    case "oldest":
      return { value: row.createdAt.toISOString(), id: row.id };
    case "title":
      return { value: row.titleKey, id: row.id };
    case "copies":
      return { value: row.copyCount, id: row.id };
    case "manual":
      return { value: row.position, id: row.id };
    case "starred":
      return { value: new Date(row.starredAt ?? 0).toISOString(), id: row.id };
  }
}
