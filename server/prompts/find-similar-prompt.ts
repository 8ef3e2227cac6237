import { sql } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import { type SimilarPrompt, similarPromptHref } from "../../shared/similar-prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { prompts } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { ownedBy } from "./prompt-access.ts";

/** Two prompts whose openings share this much (pg_trgm similarity) are near-duplicates: decision 0016. */
export const similarThreshold = 0.7;
/**
 * How much of each text is compared, and with how many of the person's newest prompts: each
 * comparison costs in proportion to the text, so both are bounded (decision 0016 measures it).
 */
const comparedChars = 500;
const comparedPrompts = 500;

/**
 * The prompt in the viewer's own library most like the text just saved, other than the prompt
 * saved, when it is at least `similarThreshold` alike; else null (and null when no text was
 * saved, or someone else's prompt was: an administrator's edit is no duplicate of theirs). It reads the owner's newest prompts
 * by their index (prompts_owner_idx), so it costs the same in a table of a million prompts. A
 * warning only: when it fails, the save stands and it answers null.
 */
export async function findSimilarPrompt(options: {
  db: Database;
  viewer: Viewer | null;
  saved: Pick<Prompt, "id" | "isOwn">;
  promptText: string | undefined;
  log: Logger;
}): Promise<SimilarPrompt | null> {
  const { viewer, saved, promptText } = options;
  if (!viewer || !saved.isOwn || promptText === undefined) return null;
  try {
    const opening = promptText.slice(0, comparedChars);
    const [row] = rowsOf<{
      id: string;
      title: string;
      is_shared: boolean;
      opening: string;
      similarity: number;
    }>(
      await options.db.execute(sql`
        select id, title, is_shared, left(opening, 60) as opening, similarity
        from (
          select id, title, is_shared, opening, similarity(opening, ${opening}) as similarity
          from (
            -- The openings of the newest alone: cut after the limit, not for every prompt.
            select id, title, is_shared, left(prompt_text, ${comparedChars}) as opening
            from (
              select ${prompts.id} as id, ${prompts.title} as title,
                ${prompts.isShared} as is_shared, ${prompts.promptText} as prompt_text
              from ${prompts}
              where ${ownedBy(viewer)} and ${prompts.id} <> ${saved.id}
              order by ${prompts.createdAt} desc, ${prompts.id} desc
              limit ${comparedPrompts}
            ) as newest
          ) as openings
        ) as compared
        where similarity >= ${similarThreshold}
        order by similarity desc, id
        limit 1`),
    );
    if (!row) return null;
    return {
      id: row.id,
      title: row.title,
      isShared: row.is_shared,
      similarity: Number(row.similarity),
      href: similarPromptHref({ title: row.title, opening: row.opening, isShared: row.is_shared }),
    };
  } catch (error) {
    options.log.warn({ err: error }, "could not look for a similar prompt");
    return null;
  }
}
