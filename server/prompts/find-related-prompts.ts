import { sql } from "drizzle-orm";
import type { PublicPrompt } from "../../shared/prompt.ts";
import type { Database } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { prompts } from "../db/schema.ts";
import { toPublicPrompt } from "./list-public-prompts.ts";
import { checkedElsewhere, sharedNow } from "./prompt-access.ts";
import { pageStamp, selectPrompts } from "./prompt-view.ts";

/** How many related prompts a prompt page shows. */
export const relatedLimit = 6;
/** How many shared titles on each side of this one, in title order, are compared. */
const neighbours = 40;
/**
 * Titles less alike than this share a stray trigram at most ("Cover letter", "Gemi-Gotchi"):
 * no relation worth showing. "Linux Terminal" and "Linux Script Developer" are 0.19 alike.
 */
const leastSimilarity = 0.1;

/**
 * Shared prompts related to this one, most alike first: a title is its use case, so the same
 * topic is the same title, and those come first (similarity 1); then the nearest others by
 * trigram similarity ("Linux Script Developer" near "Linux Terminal"), none that shares hardly
 * anything. The candidates are the shared titles next to this one in title order, read from
 * prompts_community_title_idx, 40 on each side: bounded, so it costs the same at a million
 * prompts, where a trigram index's nearest-neighbour walk took 200 to 470 ms for a title with
 * no near match (docs/decisions/0019). They are ranked on the titles the index holds and only
 * the six shown are read whole (the statement ran in 0.74 ms at a million prompts, against
 * 0.93 ms when all 80 were). An Untitled prompt has no topic to relate by: none. Each comes
 * with its stamp (pageStamp), for a stored copy of the page; a stamp never leaves the server.
 */
export async function findRelatedPrompts(options: {
  db: Database;
  prompt: { id: string; title: string; category: string | null };
}): Promise<Array<PublicPrompt & { stamp: string }>> {
  const { prompt } = options;
  if (prompt.category === null) return [];
  const rows = await relatedStatement(options.db).execute({ id: prompt.id, title: prompt.title });
  return rows.map((row) => ({ ...toPublicPrompt(row), stamp: row.stamp }));
}

const relatedStatement = prepared((db) => {
  const key = sql`lower(${sql.placeholder("title")})`;
  const title = sql`lower(${prompts.title})`;
  const others = sql`${sharedNow()} and ${prompts.id} <> ${sql.placeholder("id")}`;
  const candidates = sql`(
    (select ${prompts.id} as id, ${title} as title from ${prompts}
      where ${others} and ${title} >= ${key} order by ${title}, ${prompts.id} limit ${neighbours})
    union all
    (select ${prompts.id}, ${title} from ${prompts}
      where ${others} and ${title} < ${key} order by ${title} desc, ${prompts.id} desc limit ${neighbours}))`;
  // Ranked on the titles the index holds: only the six kept are read from the table.
  const best = sql`(select id from (
      select id, similarity(title, ${key}) as score from ${candidates} as candidates) as scored
    where score >= ${leastSimilarity} order by score desc, id limit ${relatedLimit})`;
  return selectPrompts(db, null, { stamp: pageStamp })
    .where(sql`${prompts.id} in ${best} and ${checkedElsewhere("chosen-by-the-rule")}`)
    .orderBy(sql`similarity(${title}, ${key}) desc`, prompts.id)
    .prepare("related_prompts");
});
