import { asc, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptTags, tags } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";

export interface Tag {
  name: string;
  promptCount: number;
}

/** The viewer's tags in name order, each with how many of their prompts carry it. */
export async function listTags(options: { db: Database; viewer: Viewer | null }): Promise<Tag[]> {
  const viewer = requireViewer(options.viewer);
  return options.db
    .select({
      name: tags.name,
      promptCount: sql<number>`count(${promptTags.promptId})`.mapWith(Number),
    })
    .from(tags)
    .leftJoin(promptTags, eq(promptTags.tagId, tags.id))
    .where(eq(tags.userId, viewer.userId))
    .groupBy(tags.id)
    .orderBy(asc(sql`lower(${tags.name})`));
}
