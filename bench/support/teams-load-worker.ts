// Runs in its own process, as load-worker.ts does, for the teams scenario: each request takes the
// next of the job's requests in turn, a path and the Cookie of a person who may read it together
// (a team's list asked by one of its members), and its latency is kept, so the line it prints
// (a TeamsLoadResult, JSON) has the 95th percentile too.
// usage: echo '<TeamsLoadJob as JSON>' | node --import tsx bench/support/teams-load-worker.ts
import { text } from "node:stream/consumers";
import autocannon from "autocannon";
import { cpuMilliseconds } from "./process-stats.ts";
import type { TeamsLoadJob, TeamsLoadResult } from "./teams-load.ts";

const job = JSON.parse(await text(process.stdin)) as TeamsLoadJob;
let turn = 0;
const latencies: number[] = [];

const cpuBefore = cpuMilliseconds(job.serverPid);
const from = Date.now();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: job.origin,
      method: "GET",
      headers: job.headers,
      connections: job.connections,
      duration: job.duration,
      requests: [
        {
          setupRequest: (request) => {
            const next = job.requests[turn++ % job.requests.length];
            if (!next) return request;
            const headers = { ...request.headers };
            if (next.cookie) headers.cookie = next.cookie;
            return { ...request, headers, path: next.path };
          },
        },
      ],
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
});
const to = Date.now();
const cpuAfter = cpuMilliseconds(job.serverPid);

latencies.sort((a, b) => a - b);
const none = latencies.length === 0;
const at = (p: number) =>
  none
    ? job.duration * 1000
    : round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
const output: TeamsLoadResult = {
  requestsPerSecond: result.requests.total / result.duration,
  p50: at(0.5),
  p95: at(0.95),
  p99: at(0.99),
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

function round(ms: number) {
  return Math.round(ms * 10) / 10;
}
