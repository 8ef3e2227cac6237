import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { sharedNow } from "../prompts/prompt-access.ts";

/** A place in the shared prompts' creation order: the community index's own key. */
export interface PromptKey {
  createdAt: string;
  id: string;
}

/** One prompt sitemap file: the prompts after `after` (from the first) through `through`. */
export interface PromptSitemapFile {
  after?: PromptKey;
  /** Unset for the last file, which takes whatever is shared after it (up to a file's size). */
  through?: PromptKey;
  /** The newest change among its prompts (W3C date). */
  lastmod: string;
}

/** A time as to_char writes it: an ISO 8601 instant in UTC, to the millisecond. */
export const isoFormat = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The prompt sitemap's files, from one pass over the shared prompts in creation order: every
 * `fileSize`-th prompt ends a file. A file's prompts stay in it until the next pass, whatever is
 * shared meanwhile (additions land in the last file), so every shared prompt is in exactly one
 * file. On 750,000 shared prompts the pass takes about a second, which is why it is kept and
 * redone every few minutes, not per request.
 */
export async function promptSitemapFiles(db: Database, fileSize: number) {
  const numbered = db
    .select({
      createdAt: prompts.createdAt,
      id: prompts.id,
      updatedAt: prompts.updatedAt,
      n: sql<number>`row_number() over (order by ${prompts.createdAt}, ${prompts.id}) - 1`.as("n"),
    })
    .from(prompts)
    .where(sharedNow())
    .as("numbered");
  if (!Number.isInteger(fileSize) || fileSize < 1) throw new Error("a file holds 1 URL or more");
  // Written into the statement, not sent as a parameter: grouping by n / $1 and selecting by
  // n % $2 are expressions PostgreSQL cannot tell are over the same groups.
  const size = sql.raw(String(fileSize));
  const ends = sql`${numbered.n} % ${size} = ${size} - 1`;
  const rows = await db
    .select({
      lastmod: sql<string>`to_char(max(${numbered.updatedAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
      endCreatedAt: sql<
        string | null
      >`to_char(max(case when ${ends} then ${numbered.createdAt} end) at time zone 'UTC', ${sql.raw(isoFormat)})`,
      endId: sql<string | null>`max(case when ${ends} then ${numbered.id}::text end)`,
    })
    .from(numbered)
    .groupBy(sql`${numbered.n} / ${size}`)
    .orderBy(sql`${numbered.n} / ${size}`);
  let after: PromptKey | undefined;
  return rows.map((row, index): PromptSitemapFile => {
    const last = index === rows.length - 1;
    const end =
      row.endCreatedAt && row.endId ? { createdAt: row.endCreatedAt, id: row.endId } : undefined;
    const file = { after, through: last ? undefined : end, lastmod: row.lastmod };
    after = end;
    return file;
  });
}
