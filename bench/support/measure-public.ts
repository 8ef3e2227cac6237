import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { projectRoot } from "../../server/project-root.ts";
import { promptPath } from "../../shared/public-address.ts";
import { rawRequest } from "../../tests/support/raw-request.ts";
import { benchDatabase } from "./bench-database.ts";
import type { BenchOptions } from "./bench-options.ts";
import { benchServerEnv, loadUrlOf, withServer } from "./bench-server.ts";
import { startCeiling } from "./ceiling.ts";
import { machine } from "./machine.ts";
import { warmupSeconds } from "./measure-target.ts";
import {
  cpuPerRequest,
  errorCount,
  type LoadJob,
  type LoadResult,
  measureLoad,
  runLoad,
  summary,
} from "./run-load.ts";
import { query } from "./seed-library.ts";

/** Distinct prompt pages the cold run goes through, and the kept run's hot set. */
const coldPages = 10_000;
const hotPages = 100;
/** Other prompt pages, rendered to warm the server up before its first renders are timed. */
const warmupPages = 2_000;
/**
 * Words looked for on /prompts: rare, common, none, and one with thousands of matches but few
 * among the newest (the search plan's dearest case, decision 0018).
 */
const searches = ["Ethereum", "the", "qzxwvy", "translator"];
const sitemapRuns = 5;
const imageSamples = 20;

interface PublicRow extends LoadResult {
  name: string;
  answerMemory: "on" | "off";
  /** Sent by one connection, each request after the last: its time without a queue. */
  alone?: boolean;
}

interface Timing {
  name: string;
  /** Milliseconds of each request, in order. */
  ms: number[];
  bytes: number;
  status: number;
}

/**
 * The public pages of shared prompts on PostgreSQL at 1,000,000 prompts (issue 23): a prompt
 * page kept (against the bare-Node ceiling serving that page's bytes), prompt pages cold across
 * 10,000 distinct prompts on a server that keeps nothing, /prompts searches, a sitemap file of
 * 50,000 addresses and social images. Writes bench/results/public.{md,json}.
 */
export async function measurePublic(options: BenchOptions, log: (line: string) => void) {
  if (!options.postgresUrl)
    throw new Error("--only public runs on PostgreSQL: give --postgres URL");
  const count = 1_000_000;
  const startedAt = new Date().toISOString();
  const { handle, target } = await benchDatabase({ count, postgresUrl: options.postgresUrl, log });
  let paths: string[];
  try {
    // uuid order is random order: 10,000 shared prompts from all over the table.
    const rows = await query<{ id: string; title: string }>(
      handle,
      `SELECT id, title FROM prompts WHERE is_shared ORDER BY id LIMIT ${coldPages + warmupPages}`,
    );
    paths = rows.map(promptPath);
    // Every page starts unstored: the first cold row times renders, not stored copies.
    await query(handle, "TRUNCATE stored_pages");
  } finally {
    await handle.close();
  }
  const benchTarget = { driver: "postgres" as const, count };
  const rows: PublicRow[] = [];
  const timings: Timing[] = [];
  let ceiling: LoadResult | null = null;
  const loadJob = (url: string, paths?: string[]): LoadJob => ({
    url,
    method: "GET",
    headers: { "accept-encoding": "br" },
    cookies: [],
    connections: options.connections,
    duration: options.duration,
    paths,
  });
  const load = (
    url: string,
    pid: number | undefined,
    extra: { paths?: string[]; connections?: number } = {},
  ) => measureLoad({ ...loadJob(url), ...extra }, warmupSeconds, pid);
  const hot = paths.slice(0, hotPages);

  await withServer(
    { ...benchServerEnv(benchTarget, target), ANSWER_MEMORY: "on" },
    async (server) => {
      const url = loadUrlOf(server);
      const pid = server.process.pid;
      const bare = await startCeiling(url, hot);
      try {
        // The same paths in turn as the kept pages' row: taking a path per request costs the
        // load generator itself, so the ceiling pays it too.
        ceiling = await load(bare.url.replace(/\/$/, ""), bare.pid, { paths: hot });
        log(`  ceiling (bare Node http, the kept pages' bytes): ${summary(ceiling)}`);
      } finally {
        await bare.stop();
      }
      const kept = await load(url, pid, { paths: hot });
      log(`  prompt pages kept (${hotPages} distinct): ${summary(kept)}`);
      rows.push({ ...kept, name: `prompt page, kept (${hotPages} distinct)`, answerMemory: "on" });
      for (const word of searches) {
        const result = await load(`${url}/prompts?q=${encodeURIComponent(word)}`, pid);
        log(`  /prompts?q=${word}, kept: ${summary(result)}`);
        rows.push({ ...result, name: `/prompts?q=${word}`, answerMemory: "on" });
      }

      timings.push(
        await timeRequests(
          "sitemap file of 50,000 prompts",
          `${url}/sitemaps/prompts-1.xml`,
          sitemapRuns,
        ),
      );
      for (const [i, path] of paths.slice(hotPages, hotPages + imageSamples).entries()) {
        const image = await timeRequests(
          `social image ${i + 1}`,
          `${url}${path.replace(/-[^/]*$/, "")}/image.png`,
          2,
        );
        timings.push(image);
      }
      for (const timing of timings)
        log(
          `  ${timing.name}: ${timing.ms.map(Math.round).join(", ")} ms (${timing.status}, ${timing.bytes} bytes)`,
        );
    },
  );

  const cold = paths.slice(hotPages, coldPages);
  const coldName = (how: string) =>
    `prompt page, ${how} (${cold.length.toLocaleString("en-US")} distinct)`;
  await withServer(
    { ...benchServerEnv(benchTarget, target), ANSWER_MEMORY: "off" },
    async (server) => {
      const url = loadUrlOf(server);
      const pid = server.process.pid;
      // Warmed up on other pages: each of these is rendered for the first time while timed.
      await runLoad({ ...loadJob(url, paths.slice(coldPages)), duration: warmupSeconds });
      const first = await runLoad({ ...loadJob(url, cold), serverPid: pid });
      log(`  prompt pages rendered for the first time: ${summary(first)}`);
      rows.push({ ...first, name: coldName("first render"), answerMemory: "off" });
      const stored = await storeEvery(url, cold, target);
      log(`  stored copies of the cold pages: ${stored} of ${cold.length}`);
      for (const word of searches) {
        const result = await load(`${url}/prompts?q=${encodeURIComponent(word)}`, pid);
        log(`  /prompts?q=${word}: ${summary(result)}`);
        rows.push({ ...result, name: `/prompts?q=${word}`, answerMemory: "off" });
      }
      // With 64 connections queued, a p99 is mostly waiting: these say what one search costs.
      for (const word of searches) {
        const result = await load(`${url}/prompts?q=${encodeURIComponent(word)}`, pid, {
          connections: 1,
        });
        log(`  /prompts?q=${word}, one at a time: ${summary(result)}`);
        rows.push({
          ...result,
          name: `/prompts?q=${word}, one at a time`,
          answerMemory: "off",
          alone: true,
        });
      }
      const browse = await load(`${url}/prompts`, pid);
      rows.push({ ...browse, name: "/prompts", answerMemory: "off" });
    },
  );
  // A server started afresh, nothing in memory: each page is read from its stored copy.
  await withServer(
    { ...benchServerEnv(benchTarget, target), ANSWER_MEMORY: "off" },
    async (server) => {
      const url = loadUrlOf(server);
      const result = await load(url, server.process.pid, { paths: cold });
      log(`  prompt pages cold, from their stored copies: ${summary(result)}`);
      rows.push({ ...result, name: coldName("cold, stored"), answerMemory: "off" });
    },
  );

  return writePublicReport({
    startedAt,
    finishedAt: new Date().toISOString(),
    ceiling,
    rows,
    timings,
    options,
  });
}

/**
 * Asks for each of `paths` not yet stored until all are (a render stores its page just after
 * answering), and says how many are.
 */
async function storeEvery(url: string, paths: string[], databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const unstored = async () => {
      const { rows } = await client.query<{ path: string }>(
        "SELECT path FROM unnest($1::text[]) AS path WHERE path NOT IN (SELECT path FROM stored_pages)",
        [paths],
      );
      return rows.map((row) => row.path);
    };
    for (let round = 0; round < 5; round++) {
      const missing = await unstored();
      if (missing.length === 0) break;
      await runLoad({
        url,
        method: "GET",
        headers: { "accept-encoding": "br" },
        cookies: [],
        connections: 16,
        duration: Math.ceil(missing.length / 200) + 1,
        paths: missing,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return paths.length - (await unstored()).length;
  } finally {
    await client.end();
  }
}

/** Sends the request `times` times, one after another, and times each to the last byte. */
async function timeRequests(name: string, url: string, times: number): Promise<Timing> {
  const ms: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await rawRequest(url, { headers: { "accept-encoding": "identity" } });
    ms.push(performance.now() - started);
    bytes = response.body.length;
    status = response.status;
  }
  return { name, ms, bytes, status };
}

const targets = {
  keptOfCeiling: 0.5,
  coldPerSecond: 1000,
  searchP99Ms: 50,
  sitemapMs: 1000,
  imageMs: 100,
};

async function writePublicReport(report: {
  startedAt: string;
  finishedAt: string;
  ceiling: LoadResult | null;
  rows: PublicRow[];
  timings: Timing[];
  options: BenchOptions;
}) {
  const { rows, ceiling, timings } = report;
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  const ofCeiling = (row: LoadResult) =>
    ceiling ? `${Math.round((100 * row.requestsPerSecond) / ceiling.requestsPerSecond)}%` : "—";
  const kept = rows.find((row) => row.name.startsWith("prompt page, kept"));
  const cold = rows.find((row) => row.name.startsWith("prompt page, cold"));
  const firstRender = rows.find((row) => row.name.startsWith("prompt page, first render"));
  const searchRows = (memory: "on" | "off", alone = false) =>
    rows.filter(
      (row) =>
        row.name.startsWith("/prompts?q=") &&
        row.answerMemory === memory &&
        Boolean(row.alone) === alone,
    );
  const sitemap = timings.find((timing) => timing.name.startsWith("sitemap"));
  const images = timings.filter((timing) => timing.name.startsWith("social image"));
  const firstImages = images.map((image) => image.ms[0] ?? Number.POSITIVE_INFINITY);
  const checks = [
    {
      target: `a prompt page kept: ≥ ${targets.keptOfCeiling * 100}% of the ceiling`,
      met:
        !!kept &&
        !!ceiling &&
        kept.requestsPerSecond >= targets.keptOfCeiling * ceiling.requestsPerSecond &&
        errorCount(kept) === 0,
      measured: kept ? ofCeiling(kept) : "—",
    },
    {
      target: `prompt pages cold: ≥ ${fmt(targets.coldPerSecond)} req/s across ${fmt(coldPages - hotPages)} distinct`,
      met: !!cold && cold.requestsPerSecond >= targets.coldPerSecond && errorCount(cold) === 0,
      measured: `${cold ? fmt(cold.requestsPerSecond) : "—"} req/s from stored copies; ${firstRender ? fmt(firstRender.requestsPerSecond) : "—"} req/s rendered for the first time`,
    },
    ...(
      [
        ["on", false, "kept, as served"],
        ["off", false, `nothing kept, ${report.options.connections} connections`],
        ["off", true, "nothing kept, one request at a time"],
      ] as const
    ).map(([memory, alone, label]) => ({
      target: `/prompts?q= p99 < ${targets.searchP99Ms} ms (${label})`,
      met:
        searchRows(memory, alone).length > 0 &&
        searchRows(memory, alone).every(
          (row) => row.p99 < targets.searchP99Ms && errorCount(row) === 0,
        ),
      measured: searchRows(memory, alone)
        .map((row) => `${wordOf(row)} ${row.p99} ms`)
        .join(", "),
    })),
    {
      target: `a sitemap file of 50,000 addresses in < ${fmt(targets.sitemapMs)} ms`,
      met: !!sitemap && sitemap.status === 200 && Math.max(...sitemap.ms) < targets.sitemapMs,
      measured: sitemap ? `${sitemap.ms.map(Math.round).join(", ")} ms` : "—",
    },
    {
      target: `a social image in < ${targets.imageMs} ms, then kept`,
      met:
        images.length > 0 &&
        images.every((image) => image.status === 200) &&
        Math.max(...firstImages) < targets.imageMs,
      measured: images.length
        ? `first ${fmt(Math.min(...firstImages))}–${fmt(Math.max(...firstImages))} ms, again ${fmt(Math.min(...images.map((i) => i.ms[1] ?? 0)))}–${fmt(Math.max(...images.map((i) => i.ms[1] ?? 0)))} ms`
        : "—",
    },
  ];
  const lines = [
    "# PromptShelf benchmark: public pages of shared prompts",
    "",
    `${report.startedAt} · Node ${machine().node} · ${machine().cpus} cores · ${report.options.connections} connections · ${report.options.duration} s per row after a ${warmupSeconds} s warm-up · load from a second process · PostgreSQL, 1,000,000 prompts`,
    "",
    `Each request takes the next of the row's pages in turn and asks for brotli. Kept: the ${hotPages} prompt pages served from memory. Cold: a server that keeps nothing in memory (ANSWER_MEMORY=off). First render: pages never stored, each rendered from the database (and then stored), after a warm-up on ${fmt(warmupPages)} other pages. Cold, stored: a server started afresh reading each page's stored copy. Searches: every request renders.`,
    "",
    "| row | answer memory | req/s | p50 ms | p99 ms | errors | of ceiling | server CPU ms/req |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...(ceiling
      ? [
          `| ceiling: bare Node http, the kept pages' own bytes | — | ${fmt(ceiling.requestsPerSecond)} | ${ceiling.p50} | ${ceiling.p99} | ${errorCount(ceiling)} | 100% | ${cpuPerRequest(ceiling)?.toFixed(2) ?? "—"} |`,
        ]
      : []),
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.answerMemory} | ${fmt(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${errorCount(row)} | ${ofCeiling(row)} | ${cpuPerRequest(row)?.toFixed(2) ?? "—"} |`,
    ),
    "",
    "One request after another, to the last byte:",
    "",
    "| request | ms each | status | bytes |",
    "| --- | --- | ---: | ---: |",
    ...timings.map(
      (t) => `| ${t.name} | ${t.ms.map(Math.round).join(", ")} | ${t.status} | ${fmt(t.bytes)} |`,
    ),
    "",
    "| target | measured | met |",
    "| --- | --- | --- |",
    ...checks.map(
      (check) => `| ${check.target} | ${check.measured} | ${check.met ? "yes" : "no"} |`,
    ),
    "",
  ];
  const markdown = lines.join("\n");
  const dir = join(projectRoot, "bench/results");
  await writeFile(join(dir, "public.md"), markdown);
  await writeFile(
    join(dir, "public.json"),
    `${JSON.stringify({ ...report, options: undefined, checks }, null, 2)}\n`,
  );
  return markdown;
}

/** The word a search row looked for. */
function wordOf(row: PublicRow) {
  return row.name.slice("/prompts?q=".length).replace(/, one at a time$/, "");
}
