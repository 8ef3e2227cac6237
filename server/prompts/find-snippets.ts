import { and, desc, inArray, sql } from "drizzle-orm";
import { type Snippet, titleKey } from "../../shared/template-snippets.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { ownedBy, requireViewer } from "./prompt-access.ts";

/** Most titles one look-up may ask for. */
export const snippetTitleLimit = 100;

/**
 * The viewer's own prompts (personal or shared, never another person's) titled as asked,
 * compared without regard to case: for each title the most recently edited, so a snippet means
 * one prompt however many share its title.
 */
export async function findSnippets(options: {
  db: Database;
  viewer: Viewer | null;
  titles: readonly string[];
}): Promise<Snippet[]> {
  const viewer = requireViewer(options.viewer);
  const keys = [...new Set(options.titles.map(titleKey))].slice(0, snippetTitleLimit);
  if (!keys.length) return [];
  const rows = await options.db
    .selectDistinctOn([sql`lower(${prompts.title})`], {
      id: prompts.id,
      title: prompts.title,
      promptText: prompts.promptText,
    })
    .from(prompts)
    .where(and(ownedBy(viewer), inArray(sql`lower(${prompts.title})`, keys)))
    .orderBy(sql`lower(${prompts.title})`, desc(prompts.updatedAt), desc(prompts.id));
  return rows;
}
