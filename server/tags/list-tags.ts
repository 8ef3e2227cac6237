import { and, asc, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts, promptTags, tags } from "../db/schema.ts";
import { landed, ownedBy, requireViewer } from "../prompts/prompt-access.ts";

export interface Tag {
  name: string;
  promptCount: number;
}

/**
 * The viewer's tags in name order, each with how many of their prompts carry it; neither the
 * tags nor the prompts of an import still running (landed() in prompt-access.ts).
 */
export async function listTags(options: { db: Database; viewer: Viewer | null }): Promise<Tag[]> {
  const viewer = requireViewer(options.viewer);
  return options.db
    .select({
      name: tags.name,
      promptCount: sql<number>`count(${prompts.id})`.mapWith(Number),
    })
    .from(tags)
    .leftJoin(promptTags, eq(promptTags.tagId, tags.id))
    .leftJoin(prompts, and(eq(prompts.id, promptTags.promptId), ownedBy(viewer)))
    .where(and(eq(tags.userId, viewer.userId), landed(tags.importRunId)))
    .groupBy(tags.id)
    .orderBy(asc(sql`lower(${tags.name})`));
}
