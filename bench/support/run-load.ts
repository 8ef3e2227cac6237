import { fileURLToPath } from "node:url";
import { waitUntilQuiet } from "./process-stats.ts";
import { workerResult } from "./worker-process.ts";

export interface LoadJob {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Cookie headers taken in turn, one per request; none for a visitor. */
  cookies: string[];
  /** Authorization headers (access tokens) taken in turn likewise, for /mcp and the API. */
  authorizations?: string[];
  /** Paths taken in turn likewise, on the url's origin: many distinct pages. */
  paths?: string[];
  connections: number;
  /** Seconds of load. */
  duration: number;
  /** The server's process id, whose CPU time the worker reads just before and after the run. */
  serverPid?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds; the run's length when no request was answered. */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Socket errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** CPU time the server process used during the run (ms); null where /proc cannot tell. */
  serverCpuMs: number | null;
  /** When the run began and ended (ms since the epoch), to match a writer's figures to it. */
  window: { from: number; to: number };
}

const worker = fileURLToPath(new URL("./load-worker.ts", import.meta.url));

/**
 * A warm-up run whose figures are dropped, then, once the server (process `pid`) has finished
 * what the warm-up left in flight, the measured run.
 */
export async function measureLoad(job: LoadJob, warmupSeconds: number, pid: number | undefined) {
  if (warmupSeconds > 0) {
    await runLoad({ ...job, duration: warmupSeconds });
    await waitUntilQuiet(pid);
  }
  return runLoad({ ...job, serverPid: pid });
}

/** Drives the job from a second process (bench/support/load-worker.ts) and returns its figures. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  return workerResult<LoadResult>(worker, job, `load worker for ${job.url}`);
}

/**
 * Milliseconds of server CPU per answered request during the run; null when not measured. The
 * work on requests still unanswered when the run ends counts too, which weighs in a short run
 * of a slow route (64 requests in flight against a few dozen answered).
 */
export function cpuPerRequest(result: LoadResult) {
  if (result.serverCpuMs === null || result.requests === 0) return null;
  return result.serverCpuMs / result.requests;
}

/** One line for the console: rate, latency, errors and server CPU. */
export function summary(result: LoadResult) {
  const rate = Math.round(result.requestsPerSecond).toLocaleString("en-US");
  const cpu = cpuPerRequest(result);
  return (
    `${rate} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${errorCount(result)} errors` +
    (cpu === null ? "" : `, server CPU ${cpu.toFixed(2)} ms/req`)
  );
}

/** Errors as the report counts them: every non-2xx answer and every socket error. */
export function errorCount(result: LoadResult) {
  return result.non2xx + result.errors;
}
