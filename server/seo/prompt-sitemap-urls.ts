import { and, asc, sql } from "drizzle-orm";
import { promptPath } from "../../shared/public-address.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { sharedNow } from "../prompts/prompt-access.ts";
import { isoFormat, type PromptKey, type PromptSitemapFile } from "./prompt-sitemap-files.ts";
import type { SitemapEntry } from "./sitemap-xml.ts";

/** Rows per read: a file of 50,000 is ten reads along the community index, never held whole. */
const batchSize = 5_000;

/**
 * A prompt sitemap file's URLs, read in keyset batches along the shared prompts' creation-order
 * index and handed on batch by batch, at most `fileSize` in all. The next batch is asked for as
 * soon as a batch arrives, so the database reads it while this one is written. Both times come
 * as the text they are written as: reading 100,000 of them into dates and out again was a
 * third of a 50,000-address file's time.
 */
export async function* promptSitemapUrls(options: {
  db: Database;
  file: PromptSitemapFile;
  fileSize: number;
  origin: string;
}): AsyncGenerator<SitemapEntry[]> {
  const read = (after: PromptKey | undefined, limit: number): Promise<Batch> =>
    options.db
      .select({
        id: prompts.id,
        title: prompts.title,
        createdAt: sql<string>`to_char(${prompts.createdAt} at time zone 'UTC', ${sql.raw(isoFormat)})`,
        lastmod: sql<string>`to_char(${prompts.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(prompts)
      .where(
        and(
          sharedNow(),
          after ? sql`(${prompts.createdAt}, ${prompts.id}) > ${keyOf(after)}` : undefined,
          options.file.through
            ? sql`(${prompts.createdAt}, ${prompts.id}) <= ${keyOf(options.file.through)}`
            : undefined,
        ),
      )
      .orderBy(asc(prompts.createdAt), asc(prompts.id))
      .limit(limit)
      .then((rows) => ({ rows, limit }));
  let left = options.fileSize;
  let pending: Promise<Batch> | undefined = read(options.file.after, Math.min(batchSize, left));
  try {
    while (pending) {
      const batch: Batch = await pending;
      const { rows, limit } = batch;
      left -= rows.length;
      const last = rows.at(-1);
      pending =
        last && rows.length === limit && left > 0
          ? read({ createdAt: last.createdAt, id: last.id }, Math.min(batchSize, left))
          : undefined;
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        loc: `${options.origin}${promptPath(row)}`,
        lastmod: row.lastmod,
      }));
    }
  } finally {
    // A reader that stopped part way leaves no read unanswered.
    await pending?.catch(() => {});
  }
}

interface Batch {
  rows: { id: string; title: string; createdAt: string; lastmod: string }[];
  limit: number;
}

function keyOf(key: PromptKey) {
  return sql`(${key.createdAt}::timestamptz, ${key.id}::uuid)`;
}
