import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { accessTokens } from "../../server/db/schema.ts";
import { projectRoot } from "../../server/project-root.ts";
import { newTokenSecret } from "../../server/tokens/access-tokens.ts";
import { benchDatabase } from "./bench-database.ts";
import type { BenchOptions } from "./bench-options.ts";
import { benchWriteTitle } from "./bench-routes.ts";
import { benchServerEnv, loadUrlOf, withServer } from "./bench-server.ts";
import { removeRunLeftovers, writerCookie } from "./bench-sessions.ts";
import { startCeiling } from "./ceiling.ts";
import { sharesInFlight } from "./living-routes.ts";
import { machine } from "./machine.ts";
import { warmupSeconds } from "./measure-target.ts";
import { cpuPerRequest, errorCount, type LoadResult, measureLoad, summary } from "./run-load.ts";
import { query } from "./seed-library.ts";
import { startSharer } from "./sharer.ts";

/** Distinct people whose access tokens the MCP clients use, in turn. */
const people = 64;
const tokenName = "bench-mcp";

/** search_prompts as an AI client calls it: the default scope (yours, then the community's). */
const searches = [
  { name: "rare word (Ethereum)", arguments: { query: "Ethereum" } },
  { name: "common word (the)", arguments: { query: "the" } },
  { name: "no match (qzxwvy)", arguments: { query: "qzxwvy" } },
  { name: "newest, no query", arguments: {} },
] as const;

interface McpRow extends LoadResult {
  search: string;
  answerMemory: "on" | "off";
  sharesPerSecond: number;
}

/**
 * MCP search_prompts on PostgreSQL (issue 21): 64 distinct people's access tokens taken in turn,
 * each call a JSON-RPC POST to /mcp as the SDK's client sends it, on the production server with
 * answers kept (warm) quiet and while a writer shares 10 prompts a second, then on a second
 * server that keeps nothing (ANSWER_MEMORY=off). Writes bench/results/mcp.{md,json}.
 */
export async function measureMcp(options: BenchOptions, log: (line: string) => void) {
  if (!options.postgresUrl) throw new Error("--only mcp runs on PostgreSQL: give --postgres URL");
  const count = 1_000_000;
  const startedAt = new Date().toISOString();
  const { handle, target } = await benchDatabase({ count, postgresUrl: options.postgresUrl, log });
  const tokens: string[] = [];
  let writer: string;
  try {
    await query(handle, "DELETE FROM access_tokens WHERE name = $1", [tokenName]);
    const users = await query<{ id: string }>(
      handle,
      `SELECT id FROM users WHERE issuer = 'https://bench.local' ORDER BY id LIMIT ${people}`,
    );
    for (const user of users) {
      const { token, hash } = newTokenSecret();
      await handle.db
        .insert(accessTokens)
        .values({ userId: user.id, name: tokenName, tokenHash: hash, scope: "read" });
      tokens.push(`Bearer ${token}`);
    }
    writer = await writerCookie(handle);
  } finally {
    await handle.close();
  }
  const location = target;
  const benchTarget = { driver: "postgres" as const, count };
  const rows: McpRow[] = [];
  let ceiling: LoadResult | null = null;
  try {
    for (const answerMemory of ["on", "off"] as const) {
      const env = {
        ...benchServerEnv(benchTarget, location),
        // 64 clients as fast as they can go: far past a person's per-token limit.
        RATE_LIMIT_TOKEN: "100000000",
        ANSWER_MEMORY: answerMemory,
      };
      await withServer(env, async (server) => {
        const url = loadUrlOf(server);
        const pid = server.process.pid;
        if (answerMemory === "on") {
          const bare = await startCeiling(url);
          try {
            ceiling = await measureLoad(
              {
                url: bare.url,
                method: "GET",
                headers: { "accept-encoding": "br" },
                cookies: [],
                connections: options.connections,
                duration: options.duration,
              },
              warmupSeconds,
              bare.pid,
            );
            log(`  ceiling (bare Node http): ${summary(ceiling)}`);
          } finally {
            await bare.stop();
          }
        }
        for (const rate of answerMemory === "on" ? [0, 10] : [0]) {
          const sharer =
            rate > 0
              ? await startSharer({
                  url: `${url}/api/v1/prompts`,
                  origin: server.url,
                  cookie: writer,
                  rate,
                  maxInFlight: sharesInFlight,
                  useCase: benchWriteTitle,
                })
              : null;
          try {
            for (const search of searches) {
              const body = JSON.stringify({
                jsonrpc: "2.0",
                id: 1,
                method: "tools/call",
                params: { name: "search_prompts", arguments: search.arguments },
              });
              const result = await measureLoad(
                {
                  url: `${url}/mcp`,
                  method: "POST",
                  headers: {
                    "content-type": "application/json",
                    accept: "application/json, text/event-stream",
                    "mcp-protocol-version": "2025-06-18",
                  },
                  body,
                  cookies: [],
                  authorizations: tokens,
                  connections: options.connections,
                  duration: options.duration,
                },
                warmupSeconds,
                pid,
              );
              log(`  memory ${answerMemory}, ${rate} shares/s, ${search.name}: ${summary(result)}`);
              rows.push({ ...result, search: search.name, answerMemory, sharesPerSecond: rate });
            }
          } finally {
            await sharer?.stop();
          }
        }
      });
    }
  } finally {
    await removeRunLeftovers(benchTarget, location);
    const cleanup = await benchDatabase({ count, postgresUrl: options.postgresUrl, log });
    await query(cleanup.handle, "DELETE FROM access_tokens WHERE name = $1", [tokenName]);
    await cleanup.handle.close();
  }
  return writeMcpReport({
    startedAt,
    finishedAt: new Date().toISOString(),
    ceiling,
    rows,
    options,
  });
}

const target = { callsPerSecond: 1000, p99Ms: 50 };

async function writeMcpReport(report: {
  startedAt: string;
  finishedAt: string;
  ceiling: LoadResult | null;
  rows: McpRow[];
  options: BenchOptions;
}) {
  const { rows, ceiling } = report;
  const quiet = rows.filter((row) => row.answerMemory === "on" && row.sharesPerSecond === 0);
  const met = quiet.every(
    (row) =>
      row.requestsPerSecond >= target.callsPerSecond &&
      row.p99 < target.p99Ms &&
      errorCount(row) === 0,
  );
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  const lines = [
    "# PromptShelf benchmark: MCP search_prompts",
    "",
    `${report.startedAt} · Node ${machine().node} · ${machine().cpus} cores · ` +
      `${report.options.connections} connections · ${report.options.duration} s per row after a ` +
      `${warmupSeconds} s warm-up · load from a second process · PostgreSQL, 1,000,000 prompts`,
    "",
    `${people} distinct people's read tokens taken in turn; each call is a JSON-RPC tools/call ` +
      "POST to /mcp as the SDK's client sends it (stateless, JSON answer), search_prompts in " +
      "its default scope: the person's own prompts, then the community's, 10 a page. The " +
      "writer (bench user 1, a session of its own) shares through the API at the rate given.",
    "",
    "| answer memory | shares/s | search | calls/s | p50 ms | p99 ms | errors | of ceiling | server CPU ms/call |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...(ceiling
      ? [
          `| — | — | ceiling: bare Node http, the landing page | ${fmt(ceiling.requestsPerSecond)} | ${ceiling.p50} | ${ceiling.p99} | ${errorCount(ceiling)} | 100% | ${cpuPerRequest(ceiling)?.toFixed(2) ?? "—"} |`,
        ]
      : []),
    ...rows.map(
      (row) =>
        `| ${row.answerMemory} | ${row.sharesPerSecond} | ${row.search} | ${fmt(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${errorCount(row)} | ${ceiling ? `${Math.round((100 * row.requestsPerSecond) / ceiling.requestsPerSecond)}%` : "—"} | ${cpuPerRequest(row)?.toFixed(2) ?? "—"} |`,
    ),
    "",
    `Target (issue 21): search_prompts at 1,000,000 prompts ≥ ${fmt(target.callsPerSecond)} calls/s, ` +
      `p99 < ${target.p99Ms} ms (answer memory on, quiet): ${met ? "✅ met" : "❌ not met"} ` +
      `(lowest ${fmt(Math.min(...quiet.map((row) => row.requestsPerSecond)))} calls/s, ` +
      `highest p99 ${Math.max(...quiet.map((row) => row.p99))} ms).`,
    "",
  ];
  const markdown = lines.join("\n");
  const results = join(projectRoot, "bench/results");
  await writeFile(join(results, "mcp.md"), markdown);
  await writeFile(join(results, "mcp.json"), `${JSON.stringify(report, null, 2)}\n`);
  return markdown;
}
