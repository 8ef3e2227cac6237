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
import {
  type McpTrafficResult,
  mcpCallKinds,
  mcpTrafficSummary,
  runMcpTraffic,
} from "./mcp-traffic.ts";
import { warmupSeconds } from "./measure-target.ts";
import { waitUntilQuiet } from "./process-stats.ts";
import { cpuPerRequest, errorCount, type LoadResult, measureLoad, summary } from "./run-load.ts";
import { query } from "./seed-library.ts";
import { startSharer } from "./sharer.ts";

/** Distinct people whose access tokens search_prompts' load uses, in turn. */
const people = 64;
/** Distinct people the SDK clients' sessions act as, each new session the next. */
const sessionPeople = 200;
/** SDK clients' sessions open at once, and the calls each makes before it closes. */
const sessions = { clients: 64, turns: 20 };
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

interface SessionsRow extends McpTrafficResult {
  answerMemory: "on" | "off";
}

/**
 * MCP search_prompts on PostgreSQL (issue 21): 64 distinct people's access tokens taken in turn,
 * each call a JSON-RPC POST to /mcp as the SDK's client sends it, on the production server with
 * answers kept (warm) quiet and while a writer shares 10 prompts a second, then on a second
 * server that keeps nothing (ANSWER_MEMORY=off). Then, on each server, traffic as AI clients
 * make it: sessions on the official SDK's client, each a person's token (200 people), that
 * connect, list tools and prompts, and search and fetch prompts turn after turn, 64 at once.
 * Writes bench/results/mcp.{md,json} (mcp-<size> for another library size than a million).
 */
export async function measureMcp(options: BenchOptions, log: (line: string) => void) {
  if (!options.postgresUrl) throw new Error("--only mcp runs on PostgreSQL: give --postgres URL");
  const count = options.mcpSize;
  const startedAt = new Date().toISOString();
  const { handle, target } = await benchDatabase({ count, postgresUrl: options.postgresUrl, log });
  const tokens: string[] = [];
  let writer: string;
  try {
    await query(handle, "DELETE FROM access_tokens WHERE name = $1", [tokenName]);
    const users = await query<{ id: string }>(
      handle,
      `SELECT id FROM users WHERE issuer = 'https://bench.local' ORDER BY id LIMIT ${sessionPeople}`,
    );
    for (const user of users) {
      const { token, hash } = newTokenSecret();
      await handle.db
        .insert(accessTokens)
        .values({ userId: user.id, name: tokenName, tokenHash: hash, scope: "read" });
      tokens.push(token);
    }
    writer = await writerCookie(handle);
  } finally {
    await handle.close();
  }
  const location = target;
  const benchTarget = { driver: "postgres" as const, count };
  const rows: McpRow[] = [];
  const sessionRows: SessionsRow[] = [];
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
                  authorizations: tokens.slice(0, people).map((token) => `Bearer ${token}`),
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
        const job = { origin: url, tokens, ...sessions, duration: options.duration };
        await runMcpTraffic({ ...job, duration: warmupSeconds });
        await waitUntilQuiet(pid);
        const mixed = await runMcpTraffic({ ...job, serverPid: pid });
        log(`  memory ${answerMemory}, SDK clients' sessions: ${mcpTrafficSummary(mixed)}`);
        sessionRows.push({ ...mixed, answerMemory });
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
    count,
    ceiling,
    rows,
    sessionRows,
    options,
  });
}

const target = { callsPerSecond: 1000, p99Ms: 50 };

async function writeMcpReport(report: {
  startedAt: string;
  finishedAt: string;
  count: number;
  ceiling: LoadResult | null;
  rows: McpRow[];
  sessionRows: SessionsRow[];
  options: BenchOptions;
}) {
  const { rows, ceiling, count, sessionRows } = report;
  const size = count.toLocaleString("en-US");
  const quiet = rows.filter((row) => row.answerMemory === "on" && row.sharesPerSecond === 0);
  const met = quiet.every(
    (row) =>
      row.requestsPerSecond >= target.callsPerSecond &&
      row.p99 < target.p99Ms &&
      errorCount(row) === 0,
  );
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  const lines = [
    "# PromptShelf benchmark: MCP",
    "",
    `${report.startedAt} · Node ${machine().node} · ${machine().cpus} cores · ` +
      `${report.options.connections} connections · ${report.options.duration} s per row after a ` +
      `${warmupSeconds} s warm-up · load from a second process · PostgreSQL, ${size} prompts`,
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
      `highest p99 ${Math.max(...quiet.map((row) => row.p99))} ms)` +
      (count === 1_000_000 ? "." : `, here measured at ${size} prompts.`),
    "",
    "## SDK clients' sessions",
    "",
    `${sessions.clients} sessions at once on the official SDK's client, each with the next of ` +
      `${sessionPeople} people's read tokens: it connects (initialize and its notice), lists the ` +
      `tools and the prompts, then makes ${sessions.turns} calls, each the answer's before the ` +
      "next: search_prompts with one of its own three searches (60%), get_prompt of a prompt " +
      "its last search found (30%), tools/list or prompts/list again (5% each); then it closes " +
      "and the next person's session opens. Latency per call, as the client sees it.",
    "",
    `| answer memory | calls/s | p50 ms | p99 ms | errors | server CPU ms/call | ${mcpCallKinds.map((kind) => `${kind} p99`).join(" | ")} |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ${mcpCallKinds.map(() => "---:").join(" | ")} |`,
    ...sessionRows.map(
      (row) =>
        `| ${row.answerMemory} | ${fmt(row.callsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors} | ` +
        `${row.serverCpuMs === null ? "—" : (row.serverCpuMs / Math.max(1, row.calls)).toFixed(2)} | ` +
        `${mcpCallKinds.map((kind) => row.byKind[kind].p99 ?? "—").join(" | ")} |`,
    ),
    "",
  ];
  const markdown = lines.join("\n");
  const results = join(projectRoot, "bench/results");
  const name = count === 1_000_000 ? "mcp" : `mcp-${count}`;
  await writeFile(join(results, `${name}.md`), markdown);
  await writeFile(join(results, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  return markdown;
}
