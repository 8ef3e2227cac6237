import type { DatabaseHandle } from "../../server/db/client.ts";
import { listSharedPrompts, sharedList } from "../../server/prompts/list-shared-prompts.ts";
import { listStatement } from "../../server/prompts/list-statement.ts";
import type { SearchPath } from "../../server/prompts/search-plan.ts";
import { promptSitemapFiles } from "../../server/seo/prompt-sitemap-files.ts";
import { promptSitemapUrls } from "../../server/seo/prompt-sitemap-urls.ts";
import { sitemapFileSize } from "../../server/seo/sitemap-sections.ts";
import { urlEntries } from "../../server/seo/sitemap-xml.ts";
import type { BrowseQuery } from "../../shared/browse.ts";
import { browsePageSize } from "../../shared/browse.ts";
import { query } from "./seed-library.ts";

export interface BrowseTiming {
  name: string;
  /** The address the case stands for. */
  path: string;
  medianMs: number;
  p99Ms: number;
  rows: number;
}

/** /prompts as visitors ask for it: browsing, and searches for common, rare and absent words. */
export const browseCases: { name: string; path: string; query: BrowseQuery }[] = [
  { name: "browse newest", path: "/prompts", query: { sort: "newest", page: 1 } },
  {
    name: "browse topic, most copied",
    path: "/prompts?topic=claude&sort=copies",
    query: { topic: "claude", sort: "copies", page: 1 },
  },
  { name: "browse page 50", path: "/prompts?page=50", query: { sort: "newest", page: 50 } },
  {
    name: "search common (the)",
    path: "/prompts?q=the",
    query: { q: "the", sort: "newest", page: 1 },
  },
  {
    name: "search common (write)",
    path: "/prompts?q=write",
    query: { q: "write", sort: "newest", page: 1 },
  },
  {
    name: "search middling (translator)",
    path: "/prompts?q=translator",
    query: { q: "translator", sort: "newest", page: 1 },
  },
  {
    name: "search rare (Ethereum)",
    path: "/prompts?q=Ethereum",
    query: { q: "Ethereum", sort: "newest", page: 1 },
  },
  {
    name: "search no match (qzxwvy)",
    path: "/prompts?q=qzxwvy",
    query: { q: "qzxwvy", sort: "newest", page: 1 },
  },
  {
    name: "search rare, best match (Ethereum)",
    path: "/prompts?q=Ethereum&sort=relevance",
    query: { q: "Ethereum", sort: "relevance", page: 1 },
  },
  {
    name: "search common, best match (the)",
    path: "/prompts?q=the&sort=relevance",
    query: { q: "the", sort: "relevance", page: 1 },
  },
];

/**
 * Each case through the domain operation, round after round (a slow moment on a shared machine
 * falls on all of them), after one warm-up each.
 */
export async function timeBrowse(handle: DatabaseHandle, rounds: number) {
  const read = (input: BrowseQuery) =>
    listSharedPrompts({ db: handle.db, pageSize: browsePageSize, ...input });
  const measured = browseCases.map((item) => ({ ...item, times: [] as number[], rows: 0 }));
  for (const item of measured) await read(item.query);
  for (let round = 0; round < rounds; round++) {
    for (const item of measured) {
      const started = performance.now();
      item.rows = (await read(item.query)).items.length;
      item.times.push(performance.now() - started);
    }
  }
  return measured.map(
    ({ name, path, times, rows }): BrowseTiming => ({
      name,
      path,
      medianMs: quantile(times, 0.5),
      p99Ms: quantile(times, 0.99),
      rows,
    }),
  );
}

/** The scans of each path a case's statement may take, with their actual times. */
export async function browsePlans(handle: DatabaseHandle, item: (typeof browseCases)[number]) {
  const list = sharedList({ db: handle.db, pageSize: browsePageSize, ...item.query });
  const paths: SearchPath[] =
    list.q && list.sort === "newest" ? ["recent", "planned", "trigram"] : ["planned"];
  const lines: string[] = [];
  for (const path of paths) {
    const statement = listStatement(list, path).toSQL();
    const plan = await query<{ "QUERY PLAN": string }>(
      handle,
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.params,
    );
    const scans = plan
      .map((line) => line["QUERY PLAN"].trim().replace(/^->\s*/, ""))
      .filter((line) => /Scan|Execution Time/.test(line))
      .map((line) =>
        line
          .replace(/\s+\(cost=[^)]*\)/, "")
          .replace(
            /\(actual time=[\d.]+\.\.([\d.]+) rows=(\d+) loops=(\d+)\)/,
            "($1 ms, $2 rows × $3)",
          ),
      );
    lines.push(`${path}: ${scans.join("; ")}`);
  }
  return lines;
}

/** The sitemap: the pass over the shared prompts' order, and the first file streamed whole. */
export async function timeSitemap(handle: DatabaseHandle, origin: string) {
  const passStarted = performance.now();
  const files = await promptSitemapFiles(handle.db, sitemapFileSize);
  const passMs = performance.now() - passStarted;
  const file = files[0];
  if (!file) return { passMs, files: 0, fileMs: 0, urls: 0, bytes: 0 };
  const fileStarted = performance.now();
  let urls = 0;
  let bytes = 0;
  for await (const batch of promptSitemapUrls({
    db: handle.db,
    file,
    fileSize: sitemapFileSize,
    origin,
  })) {
    urls += batch.length;
    bytes += Buffer.byteLength(urlEntries(batch));
  }
  return { passMs, files: files.length, fileMs: performance.now() - fileStarted, urls, bytes };
}

function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}
