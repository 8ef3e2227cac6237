import { and, asc, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { folders, prompts } from "../db/schema.ts";
import { landed, ownedBy, requireViewer } from "../prompts/prompt-access.ts";

export interface Folder {
  id: string;
  name: string;
  parentId: string | null;
  /** Personal prompts filed directly in it. */
  promptCount: number;
}

/**
 * The viewer's folders, flat and in name order, each with its number of prompts; neither the
 * folders nor the prompts of an import still running (landed() in prompt-access.ts).
 */
export async function listFolders(options: {
  db: Database;
  viewer: Viewer | null;
}): Promise<Folder[]> {
  const viewer = requireViewer(options.viewer);
  return options.db
    .select({
      id: folders.id,
      name: folders.name,
      parentId: folders.parentId,
      promptCount: sql<number>`count(${prompts.id})`.mapWith(Number),
    })
    .from(folders)
    .leftJoin(
      prompts,
      and(eq(prompts.folderId, folders.id), ownedBy(viewer), sql`not ${prompts.isShared}`),
    )
    .where(and(eq(folders.userId, viewer.userId), landed(folders.importRunId)))
    .groupBy(folders.id)
    .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
}
