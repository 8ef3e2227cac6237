import { and, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import { prompts, promptTags, tags, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { inTeam, inTeams, ownedBy, readableBy, requireViewer, sharedNow } from "./prompt-access.ts";
import type { ListPromptsQuery } from "./prompt-input.ts";
import { containsPattern } from "./search-pattern.ts";

/**
 * What a list is narrowed to: a scope (whose prompts), a topic, a folder, tags, stars. Who may
 * see a row is prompt-access.ts's rule, which the scopes apply; only administrators list all.
 */
export function scopeCondition(
  options: Pick<ListPromptsQuery, "scope" | "team">,
  viewer: Viewer | null,
) {
  switch (options.scope) {
    case "personal":
      return and(ownedBy(requireViewer(viewer)), sql`not ${prompts.isShared}`);
    case "community":
      return sharedNow();
    case "favourites":
      return readableBy(requireViewer(viewer));
    case "team":
      if (!options.team) throw new AppError("invalid_input", "Say which team: send team");
      return inTeam(requireViewer(viewer), options.team);
    case "teams":
      return inTeams(requireViewer(viewer));
    case "all":
      if (!requireViewer(viewer).isAdmin)
        throw new AppError("forbidden", "Only administrators can list every prompt");
      return readableBy(viewer);
  }
}

/**
 * The administrator's own narrowing: prompts of owners whose email contains the text (in any
 * case, its % _ and \ taken literally), and shared or private prompts alone. Anyone else who asks
 * is refused rather than quietly shown the whole list.
 */
export function adminConditions(
  options: Pick<ListPromptsQuery, "owner" | "visibility">,
  viewer: Viewer | null,
) {
  const owner = options.owner?.trim();
  if (!owner && options.visibility === "all") return [];
  if (!viewer?.isAdmin) {
    throw new AppError("forbidden", "Only administrators can filter by owner or visibility");
  }
  const conditions: SQL[] = [];
  if (owner) {
    conditions.push(
      sql`${prompts.userId} in (select ${users.id} from ${users} where ${users.email} ilike ${containsPattern(owner)})`,
    );
  }
  if (options.visibility === "shared") conditions.push(sql`${prompts.isShared}`);
  if (options.visibility === "private") conditions.push(sql`not ${prompts.isShared}`);
  return conditions;
}

/** Prompts in the topic, whatever its case. */
export function inTopic(category: string) {
  return sql`lower(${prompts.category}) = lower(${category})`;
}

/** The favourites view, or any list narrowed to starred prompts. */
export function isStarredList(options: Pick<ListPromptsQuery, "scope" | "starred">) {
  return options.scope === "favourites" || options.starred;
}

/** Folders and tags are private: filtering by them only ever reaches your own prompts. */
export function isOwnOnly(options: Pick<ListPromptsQuery, "folder" | "tag">) {
  return Boolean(options.folder) || options.tag.length > 0;
}

/**
 * Each tag (all of them): one lookup of the tag, then one probe of the prompt's own tags per row,
 * a cost that stays per row whatever PostgreSQL estimates.
 */
export function tagConditions(names: string[], viewer: Viewer | null) {
  if (names.length === 0) return [];
  const { userId } = requireViewer(viewer);
  return [...new Set(names)].map(
    (name) => sql`exists (
      select 1 from ${promptTags} where ${promptTags.promptId} = ${prompts.id}
        and ${promptTags.tagId} = (select ${tags.id} from ${tags}
          where ${tags.userId} = ${userId} and lower(${tags.name}) = lower(${name})))`,
  );
}
