import { fileURLToPath } from "node:url";
import { workerResult } from "./worker-process.ts";

/** What the MCP clients' traffic is made of (mcp-traffic-worker.ts). */
export interface McpTrafficJob {
  /** The server's origin, /mcp on it. */
  origin: string;
  /** Access tokens, one per person; each new session takes the next. */
  tokens: string[];
  /** Sessions open at once, each sending its next call when the last is answered. */
  clients: number;
  /** Calls a session makes after it connects, before it closes and another opens. */
  turns: number;
  /** Seconds of load. */
  duration: number;
  /** The server's process id, whose CPU time the worker reads just before and after the run. */
  serverPid?: number;
}

export const mcpCallKinds = [
  "initialize",
  "tools/list",
  "prompts/list",
  "search_prompts",
  "get_prompt",
] as const;
export type McpCallKind = (typeof mcpCallKinds)[number];

export interface McpLatency {
  calls: number;
  p50: number | null;
  p99: number | null;
}

export interface McpTrafficResult extends McpLatency {
  callsPerSecond: number;
  /** Calls that threw or answered a protocol or tool error. */
  errors: number;
  /** The first few errors' messages. */
  errorSamples: string[];
  sessions: number;
  byKind: Record<McpCallKind, McpLatency>;
  /** CPU time the server used during the run (ms); null where /proc cannot tell. */
  serverCpuMs: number | null;
  /** CPU time the clients' own process used (ms): on two cores it competes with the server. */
  clientCpuMs: number;
}

const worker = fileURLToPath(new URL("./mcp-traffic-worker.ts", import.meta.url));

/** Runs the job from a second process (mcp-traffic-worker.ts) and returns its figures. */
export function runMcpTraffic(job: McpTrafficJob): Promise<McpTrafficResult> {
  return workerResult<McpTrafficResult>(worker, job, "MCP traffic worker");
}

/** One line of figures for the log. */
export function mcpTrafficSummary(result: McpTrafficResult) {
  const cpu =
    result.serverCpuMs === null ? "—" : (result.serverCpuMs / Math.max(1, result.calls)).toFixed(2);
  return (
    `${Math.round(result.callsPerSecond)} calls/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
    `${result.errors} errors, ${result.sessions} sessions, server CPU ${cpu} ms/call`
  );
}
