import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { listPrompts } from "../prompts/list-prompts.ts";

type Scope = "all" | "personal" | "community" | "favourites" | "team";

/**
 * search_prompts' list. "all" is the person's own prompts, then the community's, page after
 * page: each part is the same list (and the same planned search) as the library's pages, so the
 * cursor says which part it continues ("personal:…" or "community:…"). "team" is one team's
 * library, as the API's `scope=team&team=` lists it: a team the person is not in is not found.
 */
export async function searchPrompts(options: {
  db: Database;
  viewer: Viewer;
  scope: Scope;
  team?: string;
  q: string | undefined;
  folder: string | undefined;
  tag: string[];
  limit: number;
  cursor: string | undefined;
}): Promise<{ items: Prompt[]; nextCursor: string | null }> {
  const { scope, limit } = options;
  if (scope === "team" && !options.team) {
    throw new AppError("invalid_input", "Say which team: give team, a team's id");
  }
  const list = (part: Exclude<Scope, "all">, count: number, cursor: string | undefined) =>
    listPrompts({
      db: options.db,
      viewer: options.viewer,
      scope: part,
      team: part === "team" ? options.team : undefined,
      q: options.q,
      folder: options.folder,
      tag: options.tag,
      starred: false,
      sort: "newest",
      limit: count,
      cursor,
      visibility: "all",
    });
  if (scope !== "all") return list(scope, limit, options.cursor);

  const [part, cursor] = splitCursor(options.cursor);
  if (part === "community") {
    const community = await list("community", limit, cursor);
    return { items: community.items, nextCursor: joinCursor("community", community.nextCursor) };
  }
  const own = await list("personal", limit, cursor);
  if (own.nextCursor)
    return { items: own.items, nextCursor: joinCursor("personal", own.nextCursor) };
  // A folder or tag is the person's own: the community has none of them.
  if (own.items.length === limit || options.folder || options.tag.length > 0) {
    return { items: own.items, nextCursor: own.items.length === limit ? "community:" : null };
  }
  const community = await list("community", limit - own.items.length, undefined);
  return {
    items: [...own.items, ...community.items],
    nextCursor: joinCursor("community", community.nextCursor),
  };
}

function splitCursor(cursor: string | undefined): ["personal" | "community", string | undefined] {
  if (cursor === undefined) return ["personal", undefined];
  const colon = cursor.indexOf(":");
  const part = cursor.slice(0, colon);
  if (colon === -1 || (part !== "personal" && part !== "community")) {
    throw new AppError(
      "invalid_input",
      "Unknown cursor: pass nextCursor as it was given",
      "cursor_unknown",
    );
  }
  return [part, cursor.slice(colon + 1) || undefined];
}

function joinCursor(part: "personal" | "community", cursor: string | null) {
  return cursor === null ? null : `${part}:${cursor}`;
}
