// Runs in its own process, so the clients never share an event loop with the server they load:
// AI clients on the official MCP SDK, each a session that connects with a person's access token,
// lists the tools and prompts, then searches and fetches prompts turn after turn, and after
// `turns` calls closes and makes way for the next person's session. Prints one JSON line (an
// McpTrafficResult).
// usage: echo '<McpTrafficJob as JSON>' | node --import tsx bench/support/mcp-traffic-worker.ts
import { text } from "node:stream/consumers";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpCallKind, McpLatency, McpTrafficJob, McpTrafficResult } from "./mcp-traffic.ts";
import { mcpCallKinds } from "./mcp-traffic.ts";
import { cpuMilliseconds } from "./process-stats.ts";
import { seededRandom } from "./seeded-random.ts";

const job = JSON.parse(await text(process.stdin)) as McpTrafficJob;

/**
 * What people ask their AI client to look for: words in many prompts, in a few, in none, and no
 * words at all (the newest), in each scope. A conversation keeps coming back to its own few.
 */
const searches: Record<string, unknown>[] = [
  { query: "the" },
  { query: "Ethereum" },
  { query: "qzxwvy" },
  {},
  { query: "translator" },
  { query: "marketing" },
  { query: "interview" },
  { query: "email" },
  { query: "SQL" },
  { query: "poem" },
  { query: "teacher", scope: "community" },
  { scope: "personal" },
  { query: "travel", scope: "personal" },
  { query: "code review", limit: 20 },
];
const searchesPerConversation = 3;

const latencies = new Map<McpCallKind, number[]>(mcpCallKinds.map((kind) => [kind, []]));
const errorSamples: string[] = [];
let errors = 0;
let sessions = 0;
let nextToken = 0;
const until = Date.now() + job.duration * 1000;

async function timed<T>(kind: McpCallKind, call: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  try {
    const result = await call();
    if ((result as CallToolResult | undefined)?.isError) throw new Error(toolText(result));
    latencies.get(kind)?.push(performance.now() - started);
    return result;
  } catch (error) {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(`${kind}: ${String(error).slice(0, 300)}`);
    return undefined;
  }
}

function toolText(result: unknown) {
  const content = (result as CallToolResult).content?.[0];
  return content?.type === "text" ? content.text : "";
}

/** Ids of prompts a search answered, for the next get_prompt. */
function idsOf(result: unknown): string[] {
  try {
    const { items } = JSON.parse(toolText(result)) as { items: { id: string }[] };
    return items.map((item) => item.id);
  } catch {
    return [];
  }
}

/** One person's session: connect, list, then search and fetch until its turns are done. */
async function session(rand: () => number) {
  const token = job.tokens[nextToken++ % job.tokens.length] ?? "";
  sessions++;
  const client = new Client({ name: "promptshelf-bench", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", job.origin), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const connected = await timed("initialize", () => client.connect(transport).then(() => true));
  if (!connected) return;
  try {
    await timed("tools/list", () => client.listTools());
    await timed("prompts/list", () => client.listPrompts());
    const own = Array.from(
      { length: searchesPerConversation },
      () => searches[Math.floor(rand() * searches.length)] ?? {},
    );
    let found: string[] = [];
    for (let turn = 0; turn < job.turns && Date.now() < until; turn++) {
      const pick = rand();
      if (pick < 0.05) {
        await timed("tools/list", () => client.listTools());
      } else if (pick < 0.1) {
        await timed("prompts/list", () => client.listPrompts());
      } else if (pick < 0.4 && found.length > 0) {
        const id = found[Math.floor(rand() * found.length)];
        await timed("get_prompt", () => client.callTool({ name: "get_prompt", arguments: { id } }));
      } else {
        const search = own[Math.floor(rand() * own.length)] ?? {};
        const result = await timed("search_prompts", () =>
          client.callTool({ name: "search_prompts", arguments: search }),
        );
        const ids = result ? idsOf(result) : [];
        if (ids.length > 0) found = ids;
      }
    }
  } finally {
    await client.close();
  }
}

async function runClient(index: number) {
  const rand = seededRandom(index + 1);
  while (Date.now() < until) await session(rand);
}

const cpu = process.cpuUsage();
const cpuBefore = cpuMilliseconds(job.serverPid);
const from = Date.now();
await Promise.all(Array.from({ length: job.clients }, (_, index) => runClient(index)));
const seconds = (Date.now() - from) / 1000;
const cpuAfter = cpuMilliseconds(job.serverPid);
const clientCpu = process.cpuUsage(cpu);

const all = [...latencies.values()].flat();
const output: McpTrafficResult = {
  ...latency(all),
  callsPerSecond: all.length / seconds,
  errors,
  errorSamples,
  sessions,
  byKind: Object.fromEntries(
    mcpCallKinds.map((kind) => [kind, latency(latencies.get(kind) ?? [])]),
  ) as Record<McpCallKind, McpLatency>,
  serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  clientCpuMs: Math.round((clientCpu.user + clientCpu.system) / 1000),
};
process.stdout.write(`${JSON.stringify(output)}\n`);

function latency(list: number[]): McpLatency {
  const sorted = Float64Array.from(list).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? null
      : Math.round((sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) * 10) / 10;
  return { calls: list.length, p50: at(50), p99: at(99) };
}
