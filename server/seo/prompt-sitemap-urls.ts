import { and, asc, sql } from "drizzle-orm";
import { promptPath } from "../../shared/public-address.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import type { PromptKey, PromptSitemapFile } from "./prompt-sitemap-files.ts";
import { type SitemapEntry, w3cDate } from "./sitemap-xml.ts";

/** Rows per read: a file of 50,000 is ten reads along the community index, never held whole. */
const batchSize = 5_000;

/**
 * A prompt sitemap file's URLs, read in keyset batches along the shared prompts' creation-order
 * index and handed on batch by batch, at most `fileSize` in all.
 */
export async function* promptSitemapUrls(options: {
  db: Database;
  file: PromptSitemapFile;
  fileSize: number;
  origin: string;
}): AsyncGenerator<SitemapEntry[]> {
  let after = options.file.after;
  let left = options.fileSize;
  while (left > 0) {
    const limit = Math.min(batchSize, left);
    const rows = await options.db
      .select({
        id: prompts.id,
        title: prompts.title,
        createdAt: prompts.createdAt,
        updatedAt: prompts.updatedAt,
      })
      .from(prompts)
      .where(
        and(
          sql`${prompts.isShared}`,
          after ? sql`(${prompts.createdAt}, ${prompts.id}) > ${keyOf(after)}` : undefined,
          options.file.through
            ? sql`(${prompts.createdAt}, ${prompts.id}) <= ${keyOf(options.file.through)}`
            : undefined,
        ),
      )
      .orderBy(asc(prompts.createdAt), asc(prompts.id))
      .limit(limit);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      loc: `${options.origin}${promptPath(row)}`,
      lastmod: w3cDate(row.updatedAt),
    }));
    left -= rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < limit) return;
    after = { createdAt: last.createdAt.toISOString(), id: last.id };
  }
}

function keyOf(key: PromptKey) {
  return sql`(${key.createdAt}::timestamptz, ${key.id}::uuid)`;
}
