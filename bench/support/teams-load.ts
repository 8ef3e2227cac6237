import { fileURLToPath } from "node:url";
import { cpuMilliseconds, waitUntilQuiet } from "./process-stats.ts";
import type { LoadResult } from "./run-load.ts";
import { workerResult } from "./worker-process.ts";

/** One request of a row: a path and who asks for it (a Cookie header; none for a visitor). */
export interface TeamsRequest {
  path: string;
  cookie?: string;
}

export interface TeamsLoadJob {
  origin: string;
  headers: Record<string, string>;
  /** Taken in turn, one per request. */
  requests: TeamsRequest[];
  connections: number;
  duration: number;
  serverPid?: number;
}

export interface TeamsLoadResult extends LoadResult {
  p95: number;
  /**
   * CPU time PostgreSQL's sessions on the database used during the run (ms), from /proc; null
   * where not measured. With serverCpuMs, what a request costs whatever else the machine runs.
   */
  databaseCpuMs?: number | null;
}

const worker = fileURLToPath(new URL("./teams-load-worker.ts", import.meta.url));

/**
 * A warm-up whose figures are dropped, a pause until the server is idle and `quiet` says the
 * database is too (a statement the warm-up left running would weigh on the run), then the
 * measured run, with the CPU time of the database's sessions (`databasePids`) read around it.
 */
export async function measureTeamsLoad(
  job: TeamsLoadJob,
  warmupSeconds: number,
  around: { quiet?: () => Promise<void>; databasePids?: () => Promise<number[]> } = {},
): Promise<TeamsLoadResult> {
  const quiet = around.quiet ?? (async () => {});
  await quiet();
  if (warmupSeconds > 0) {
    await runTeamsLoad({ ...job, duration: warmupSeconds, serverPid: undefined });
    await waitUntilQuiet(job.serverPid);
    await quiet();
  }
  const pids = around.databasePids;
  const before = new Map((pids ? await pids() : []).map((pid) => [pid, cpuMilliseconds(pid)]));
  const result = await runTeamsLoad(job);
  if (!pids) return result;
  let databaseCpuMs = 0;
  // A session that began during the run counts whole; one that ended is lost (the pool keeps
  // its sessions while it is busy).
  for (const pid of new Set([...before.keys(), ...(await pids())])) {
    const after = cpuMilliseconds(pid);
    if (after !== null) databaseCpuMs += after - (before.get(pid) ?? 0);
  }
  return { ...result, databaseCpuMs };
}

function runTeamsLoad(job: TeamsLoadJob): Promise<TeamsLoadResult> {
  return workerResult<TeamsLoadResult>(worker, job, `teams load worker for ${job.origin}`);
}
