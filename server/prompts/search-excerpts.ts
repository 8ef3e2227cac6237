import { and, inArray, sql } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { checkedElsewhere } from "./prompt-access.ts";
import { type Matched, searchMatch } from "./search-match.ts";

/** Characters kept before the match, and in all: enough for a card to show it in context. */
const before = 80;
const windowLength = 320;

/**
 * A search's cards show why they matched. A list carries only the start of each text; where the
 * term is not in it, the text around the first match is read (for the page's rows alone) and
 * given as `matchExcerpt`; and each card is told where the term lies in what it shows (`match`),
 * so it marks the term without looking for it again.
 */
export async function withMatchExcerpts<
  T extends Matched & Pick<Prompt, "id" | "matchExcerpt" | "match">,
>(db: Database, items: T[], term: string | undefined): Promise<T[]> {
  if (!term) return items;
  const withMatch = (item: T): T => ({ ...item, match: searchMatch(item, term) });
  const needle = term.toLowerCase();
  const hidden = items.filter(
    (item) => item.truncated && !item.promptText.toLowerCase().includes(needle),
  );
  if (hidden.length === 0) return items.map(withMatch);
  const position = sql`strpos(lower(${prompts.promptText}), lower(${term}))`;
  const rows = await db
    .select({
      id: prompts.id,
      excerpt: sql<
        string | null
      >`case when ${position} > 0 then substr(${prompts.promptText}, greatest(${position} - ${before}, 1), ${windowLength}) end`,
      start: sql<number>`greatest(${position} - ${before}, 1)`.mapWith(Number),
    })
    .from(prompts)
    .where(
      and(
        inArray(
          prompts.id,
          hidden.map((item) => item.id),
        ),
        checkedElsewhere("chosen-by-the-rule"),
      ),
    );
  const found = new Map(rows.map((row) => [row.id, row]));
  return items.map((item) => {
    const match = found.get(item.id);
    if (!match?.excerpt) return withMatch(item);
    // A leading ellipsis says the excerpt starts inside the text.
    return withMatch({
      ...item,
      matchExcerpt: match.start > 1 ? `…${match.excerpt}` : match.excerpt,
    });
  });
}
