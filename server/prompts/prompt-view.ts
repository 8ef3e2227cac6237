import { eq, sql } from "drizzle-orm";
import type { Prompt } from "../../app/lib/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { favourites, profiles, prompts, promptTags, tags, users } from "../db/schema.ts";

/**
 * The columns a prompt's presentation needs: its owner's name for the creator line, the star
 * count, and what only the viewer may know (their star, and, on their own prompts, tags).
 */
function promptColumns(viewer: Viewer | null) {
  const viewerId = viewer?.userId ?? null;
  return {
    id: prompts.id,
    title: prompts.title,
    promptText: prompts.promptText,
    category: prompts.category,
    isShared: prompts.isShared,
    createdAt: prompts.createdAt,
    updatedAt: prompts.updatedAt,
    userId: prompts.userId,
    createdByAdmin: prompts.createdByAdmin,
    folderId: prompts.folderId,
    copyCount: prompts.copyCount,
    sourcePromptId: prompts.sourcePromptId,
    ownerName: users.name,
    ownerUsername: profiles.username,
    starCount:
      sql<number>`(select count(*) from ${favourites} where ${favourites.promptId} = ${prompts.id})`.mapWith(
        Number,
      ),
    /** When the viewer starred it, or null. */
    starredAt: viewerId
      ? sql<Date | null>`(select ${favourites.createdAt} from ${favourites} where ${favourites.promptId} = ${prompts.id} and ${favourites.userId} = ${viewerId})`
      : sql<Date | null>`null`,
    /** The title as PostgreSQL lower-cases it, which is what title order and its cursor use. */
    titleKey: sql<string>`lower(${prompts.title})`,
    tags: viewerId
      ? sql<
          string[]
        >`case when ${prompts.userId} = ${viewerId} then coalesce((select array_agg(${tags.name} order by lower(${tags.name})) from ${promptTags} join ${tags} on ${tags.id} = ${promptTags.tagId} where ${promptTags.promptId} = ${prompts.id}), '{}') else '{}' end`
      : sql<string[]>`'{}'::text[]`,
  };
}

/** SELECT ... FROM prompts with the owner joined in, shaped for this viewer. */
export function selectPrompts(db: Database, viewer: Viewer | null) {
  return db
    .select(promptColumns(viewer))
    .from(prompts)
    .leftJoin(users, eq(users.id, prompts.userId))
    .leftJoin(profiles, eq(profiles.id, prompts.userId));
}

type PromptRow = Awaited<ReturnType<typeof selectPrompts>>[number];

export function toPrompt(row: PromptRow, viewer: Viewer | null): Prompt {
  const isOwn = viewer !== null && row.userId === viewer.userId;
  return {
    id: row.id,
    title: row.title,
    promptText: row.promptText,
    category: row.category,
    isShared: row.isShared,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creatorName: row.ownerName || row.ownerUsername || "Community Member",
    isAdminCreated: row.createdByAdmin,
    isOwn,
    tags: isOwn ? row.tags : [],
    folderId: isOwn ? row.folderId : null,
    isFavourite: row.starredAt !== null,
    starCount: row.starCount,
    copyCount: row.copyCount,
    savedFromId: row.sourcePromptId,
  };
}
