// Runs in its own process, so the load generator never shares an event loop with the code it
// measures: drives one URL with autocannon and prints one JSON line (a LoadResult).
// usage: echo '<LoadJob as JSON>' | node --import tsx bench/support/load-worker.ts
import { text } from "node:stream/consumers";
import autocannon from "autocannon";
import { cpuMilliseconds } from "./process-stats.ts";
import type { LoadJob, LoadResult } from "./run-load.ts";

const job = JSON.parse(await text(process.stdin)) as LoadJob;
let turn = 0;

// Read here rather than by the parent, so the CPU counted is the run's and not this process's start.
const cpuBefore = cpuMilliseconds(job.serverPid);
const from = Date.now();
const result = await autocannon({
  url: job.url,
  method: job.method,
  headers: job.headers,
  body: job.body,
  idReplacement: job.body?.includes("[<id>]") ?? false,
  connections: job.connections,
  duration: job.duration,
  // Each request takes the next session (or access token) in turn, as if many people were
  // signed in, and the next path, as if they read many pages.
  requests:
    job.cookies.length > 0 || (job.authorizations?.length ?? 0) > 0 || (job.paths?.length ?? 0) > 0
      ? [
          {
            setupRequest: (request) => {
              const n = turn++;
              const headers = { ...request.headers };
              if (job.cookies.length > 0)
                headers.cookie = job.cookies[n % job.cookies.length] ?? "";
              const tokens = job.authorizations ?? [];
              if (tokens.length > 0) headers.authorization = tokens[n % tokens.length] ?? "";
              const paths = job.paths ?? [];
              const path = paths.length > 0 ? paths[n % paths.length] : undefined;
              return { ...request, headers, ...(path ? { path } : {}) };
            },
          },
        ]
      : undefined,
});
const to = Date.now();
const cpuAfter = cpuMilliseconds(job.serverPid);

// With no answer within the run, every request took at least the whole run.
const none = result.requests.total === 0;
const output: LoadResult = {
  requestsPerSecond: result.requests.total / result.duration,
  p50: none ? job.duration * 1000 : result.latency.p50,
  p99: none ? job.duration * 1000 : result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  ),
  serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  window: { from, to },
};
process.stdout.write(`${JSON.stringify(output)}\n`);
