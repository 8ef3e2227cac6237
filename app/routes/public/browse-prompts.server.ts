import type { Database } from "../../../server/db/client.ts";
import { parseBrowseQuery } from "../../../server/prompts/browse-input.ts";
import {
  countSharedPrompts,
  listSharedPrompts,
} from "../../../server/prompts/list-shared-prompts.ts";
import {
  type BrowseCard,
  type BrowseQuery,
  browseHref,
  browsePageSize,
  browsePath,
} from "../../../shared/browse.ts";
import { searchTermMaxLength } from "../../../shared/prompt.ts";
import { promptPath } from "../../../shared/public-address.ts";

export type BrowseAnswer =
  | { kind: "redirect"; to: string }
  | ({ kind: "page"; status: 200 | 400 | 404; query: BrowseQuery; problem?: string } & {
      prompts: BrowseCard[];
      hasNext: boolean;
      /**
       * How many prompts the list holds, up to browseCountMax + 1; null for a search, whose
       * matches are read a page at a time and never counted (a common word is in thousands).
       */
      total: number | null;
    });

/**
 * The browse page for an address: its prompts; a redirect to the page's one address when the
 * query string says the same thing another way (empty fields, defaults, another order); 400 with
 * the problem for a value out of bounds; 404 past the last page.
 */
export async function loadBrowsePage(db: Database, url: URL): Promise<BrowseAnswer> {
  const parsed = parseBrowseQuery(url.searchParams);
  if (!parsed.ok) {
    const q = url.searchParams.get("q")?.slice(0, searchTermMaxLength) || undefined;
    return {
      kind: "page",
      status: 400,
      query: { q, sort: "newest", page: 1 },
      problem: parsed.problem,
      prompts: [],
      hasNext: false,
      total: null,
    };
  }
  const { query } = parsed;
  const canonical = browseHref(query);
  if (canonical !== `${browsePath}${url.search}`) return { kind: "redirect", to: canonical };
  const [{ items, hasNext }, total] = await Promise.all([
    listSharedPrompts({ db, pageSize: browsePageSize, ...query }),
    query.q ? null : countSharedPrompts(db, query.topic),
  ]);
  const prompts = items.map((prompt) => ({
    id: prompt.id,
    href: promptPath(prompt),
    title: prompt.title,
    category: prompt.category,
    promptText: prompt.promptText,
    ...(prompt.match ? { match: prompt.match } : {}),
    creatorName: prompt.creatorName,
    copyCount: prompt.copyCount,
    saveCount: prompt.saveCount,
  }));
  const status = prompts.length === 0 && query.page > 1 ? 404 : 200;
  return { kind: "page", status, query, prompts, hasNext, total };
}
