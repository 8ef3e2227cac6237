// Runs in its own process, so the load it makes does not share an event loop with the server:
// sends a planned day of requests, each at the moment it is due whatever the answers before it
// take (an open model: a slow server meets the same arrivals), and prints one JSON line (DayResult).
// usage: echo '<DayJob as JSON>' | node --import tsx bench/support/day-worker.ts
import { Agent, request } from "node:http";
import { text } from "node:stream/consumers";
import type { DayKind, PlannedRequest } from "./day-plan.ts";
import type { DayJob, DayResult, KindFigures } from "./day-traffic.ts";
import { cpuMilliseconds } from "./process-stats.ts";

const job = JSON.parse(await text(process.stdin)) as DayJob;
const agent = new Agent({ keepAlive: true, maxSockets: job.maxInFlight });
const base = new URL(job.loadUrl);

interface Outcome {
  kind: DayKind;
  due: number;
  ms: number;
  status: number;
  fromMemory: boolean;
}

const outcomes: Outcome[] = [];
let inFlight = 0;
let skipped = 0;

function send(planned: PlannedRequest, due: number) {
  if (inFlight >= job.maxInFlight) {
    skipped++;
    return;
  }
  inFlight++;
  const headers: Record<string, string> = { "accept-encoding": "br" };
  if (planned.person !== undefined) headers.cookie = job.cookies[planned.person] ?? "";
  if (planned.method !== "GET") {
    headers.origin = job.origin;
    if (planned.body) headers["content-type"] = "application/json";
  }
  const done = (status: number, fromMemory: boolean) => {
    inFlight--;
    outcomes.push({ kind: planned.kind, due, ms: performance.now() - due, status, fromMemory });
  };
  const sent = request(
    {
      host: base.hostname,
      port: base.port,
      path: planned.path,
      method: planned.method,
      headers,
      agent,
      timeout: 30_000,
    },
    (response) => {
      response.resume();
      response.once("end", () =>
        done(response.statusCode ?? 0, response.headers["cache-status"] !== undefined),
      );
      response.once("error", () => done(0, false));
    },
  );
  sent.once("timeout", () => sent.destroy(new Error("timeout")));
  sent.once("error", () => done(0, false));
  sent.end(planned.body);
}

const cpuBefore = cpuMilliseconds(job.serverPid);
const start = performance.now();
let next = 0;
await new Promise<void>((resolve) => {
  const tick = () => {
    const now = performance.now() - start;
    while (next < job.plan.length && (job.plan[next]?.at ?? 0) <= now) {
      const planned = job.plan[next++] as PlannedRequest;
      send(planned, start + planned.at);
    }
    if (next < job.plan.length) setTimeout(tick, 1);
    else resolve();
  };
  tick();
});
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
const cpuAfter = cpuMilliseconds(job.serverPid);
agent.destroy();

const measuredFrom = start + job.warmupSeconds * 1000;
const measured = outcomes.filter((outcome) => outcome.due >= measuredFrom);
const seconds = (job.plan.at(-1)?.at ?? 0) / 1000 - job.warmupSeconds;
const kinds = [...new Set(measured.map((outcome) => outcome.kind))];
const result: DayResult = {
  seconds,
  requests: measured.length,
  requestsPerSecond: measured.length / seconds,
  skipped,
  serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  all: figures(measured, seconds),
  kinds: Object.fromEntries(
    kinds.map((kind) => [
      kind,
      figures(
        measured.filter((item) => item.kind === kind),
        seconds,
      ),
    ]),
  ),
};
console.log(JSON.stringify(result));

function figures(items: Outcome[], seconds: number): KindFigures {
  const ms = items.map((item) => item.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0);
  const statusCodes: Record<string, number> = {};
  for (const item of items) statusCodes[item.status] = (statusCodes[item.status] ?? 0) + 1;
  return {
    requests: items.length,
    perSecond: items.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(ms.at(-1) ?? 0),
    errors: items.filter((item) => item.status === 0 || item.status >= 400).length,
    fromMemory: items.filter((item) => item.fromMemory).length,
    statusCodes,
  };
}
