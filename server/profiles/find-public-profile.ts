import { and, count, desc, eq, sql } from "drizzle-orm";
import { profilePromptsPerPage } from "../../shared/profile.ts";
import { promptPath } from "../../shared/public-address.ts";
import { selectSummaries, toSummary } from "../collections/collection-view.ts";
import type { Database } from "../db/client.ts";
import { collections, profiles, prompts, users } from "../db/schema.ts";
import { sortKeys } from "../prompts/list-order.ts";
import { toPublicPrompt } from "../prompts/list-public-prompts.ts";
import { sharedNow } from "../prompts/prompt-access.ts";
import { selectPrompts } from "../prompts/prompt-view.ts";
import { shownPublicly } from "./profile-access.ts";

/**
 * A public profile by its handle (any case), for /u/<handle>: the chosen name, the picture if
 * chosen, one page of the person's shared prompts (newest first) and their public collections.
 * Nothing else of the person: no email, no personal prompt, no private collection. Undefined
 * for an unknown handle, a profile that is off, and a page past the last.
 */
export async function findPublicProfile(options: { db: Database; handle: string; page: number }) {
  const [profile] = await options.db
    .select({
      userId: profiles.id,
      handle: profiles.handle,
      displayName: profiles.displayName,
      showAvatar: profiles.showAvatar,
      avatarUrl: users.avatarUrl,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(sql`lower(${profiles.handle}) = ${options.handle.toLowerCase()}`, shownPublicly()));
  if (!profile?.handle) return undefined;
  const shared = and(eq(prompts.userId, profile.userId), sharedNow());
  const [total] = await options.db.select({ n: count() }).from(prompts).where(shared);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / profilePromptsPerPage));
  if (options.page > pageCount) return undefined;
  const [promptRows, collectionRows] = await Promise.all([
    selectPrompts(options.db, null)
      .where(shared)
      .orderBy(...sortKeys("newest"))
      .limit(profilePromptsPerPage)
      .offset((options.page - 1) * profilePromptsPerPage),
    selectSummaries(options.db)
      .where(and(eq(collections.userId, profile.userId), sql`${collections.isPublic}`))
      .orderBy(desc(collections.updatedAt), desc(collections.id)),
  ]);
  return {
    userId: profile.userId,
    handle: profile.handle,
    displayName: profile.displayName ?? profile.handle,
    avatarUrl: profile.showAvatar ? profile.avatarUrl : null,
    updatedAt: profile.updatedAt.toISOString(),
    prompts: promptRows.map((row) => {
      const prompt = toPublicPrompt(row);
      return { prompt, path: promptPath(prompt) };
    }),
    promptCount: total?.n ?? 0,
    page: options.page,
    pageCount,
    collections: collectionRows.map(toSummary),
  };
}
