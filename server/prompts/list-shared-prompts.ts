import type { BrowseQuery } from "../../shared/browse.ts";
import type { Database } from "../db/client.ts";
import { toPublicPrompt } from "./list-public-prompts.ts";
import { listStatement } from "./list-statement.ts";
import { withMatchExcerpts } from "./search-excerpts.ts";
import { pageRows } from "./search-plan.ts";

/**
 * A numbered page of the community's shared prompts for anyone, no viewer: by topic, newest or
 * most copied first, or searched. It is the community list the API gives, read up to the end of
 * the page asked for (page numbers are capped, so that stays a few hundred rows), so a search
 * takes the same paths through the shared prompts' own indexes and its time says nothing of
 * anyone's private words (docs/decisions/0007).
 */
export async function listSharedPrompts(options: { db: Database; pageSize: number } & BrowseQuery) {
  const end = options.page * options.pageSize;
  const list = {
    db: options.db,
    viewer: null,
    scope: "community" as const,
    category: options.topic,
    q: options.q,
    sort: options.sort,
    limit: end,
    tag: [],
    starred: false,
    visibility: "all" as const,
  };
  const rows = await pageRows(list, (path) => listStatement(list, path));
  const items = rows.slice(end - options.pageSize, end).map(toPublicPrompt);
  return {
    items: await withMatchExcerpts(options.db, items, options.q),
    hasNext: rows.length > end,
  };
}
