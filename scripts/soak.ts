// npm run soak [-- --minutes 10 --connections 8 --prompts 5000 --postgres URL | --pglite]
//               [--living [--share-rate 10]]:
// minutes of mixed load on the production build (pages, lists, searches, writes to people's own
// prompts, and one real sign-in a second) over a fresh generated library, to catch what only
// shows with time: 5xx, memory that keeps growing, latency that creeps up. With --living, a
// living community: visitors read as the 200 generated people in turn while prompts are shared
// throughout at a fixed rate (open loop), each by the next person, and a check that the shares
// kept pace is added. Prints a row a minute, writes bench/results/soak.{md,json}, and exits 1
// when a check fails. `npm run soak -- --help` lists the options.
import { machine } from "../bench/support/machine.ts";
import { residentBytes } from "../bench/support/process-stats.ts";
import { startServer } from "../tests/support/start-server.ts";
import { cpuSeconds } from "./soak/cpu-time.ts";
import { soakClient } from "./soak/soak-client.ts";
import { soakDatabase } from "./soak/soak-database.ts";
import { soakOptions } from "./soak/soak-options.ts";
import { soakRecorder } from "./soak/soak-recorder.ts";
import {
  type KeptMemory,
  type SoakReport,
  soakChecks,
  tableHeader,
  tableLine,
  writeSoakReport,
} from "./soak/soak-report.ts";
import type { ShareCounts } from "./soak/soak-sharer.ts";
import { runTraffic, signInEveryMs, trafficMix } from "./soak/soak-traffic.ts";

const options = soakOptions();
const log = (line: string) => console.log(line);

/**
 * After the load, how long the server is left quiet before its memory is read: V8 gives memory
 * back once its memory reducer runs, some 8 s into a quiet spell (decision 0009).
 */
const restSeconds = 30;

const database = await soakDatabase(options, log);
let report: SoakReport;
try {
  const server = await startServer({
    ...database.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    // The soak signs in once a second from one address and writes far faster than one person;
    // the rate limits have their own tests, and here they would only turn load into 429s.
    RATE_LIMIT_SIGN_IN: "1000000",
    RATE_LIMIT_WRITES: "1000000",
  });
  const pid = server.process.pid;
  try {
    log(`server ${server.url} (pid ${pid}), ${options.minutes} min of load...\n`);
    log(tableHeader());
    const startedAt = Date.now();
    const until = startedAt + options.minutes * 60_000;
    const recorder = soakRecorder(startedAt, options.minutes);
    const sample = () => recorder.sample(residentBytes(pid), cpuSeconds(pid));
    sample();
    const sampler = setInterval(sample, 1000);
    // Each minute's row once the minute is over (requests count in the minute they end in).
    let printed = 0;
    const printer = setInterval(() => {
      const done = Math.floor((Date.now() - startedAt) / 60_000);
      while (printed < Math.min(done, options.minutes - 1))
        log(tableLine(recorder.minute(printed++)));
    }, 1000);
    const client = soakClient({ origin: server.url, recorder });
    let shares: ShareCounts | null = null;
    try {
      shares = await runTraffic({
        client,
        recorder,
        cookies: database.cookies,
        people: database.people,
        targets: database,
        shareRate: options.shareRate,
        until,
      });
    } finally {
      clearInterval(sampler);
      clearInterval(printer);
    }
    while (printed < options.minutes) log(tableLine(recorder.minute(printed++)));

    log(`\nat rest for ${restSeconds} s...`);
    const restingRssBytes = await atRest(pid);
    const memory = await keptMemory(server.url, database.adminCookie);
    const minutes = recorder.minutes();
    const total = recorder.total();
    const checks = soakChecks(minutes, total, shares);
    report = {
      startedAt: new Date(startedAt).toISOString(),
      finishedAt: new Date().toISOString(),
      machine: machine(),
      settings: {
        minutes: options.minutes,
        connections: options.connections,
        prompts: options.prompts,
        driver: options.driver,
        signInEveryMs,
        mix: trafficMix,
        shareRate: options.shareRate,
        people: database.people.length,
      },
      shares,
      minutes,
      total,
      problems: recorder.problems(),
      serverErrorSamples: recorder.serverErrorSamples(),
      serverLogErrors: serverLogErrors(server.output()),
      memory,
      rest: { seconds: restSeconds, rssBytes: restingRssBytes },
      checks,
      passed: checks.every((check) => check.passed !== false),
    };
  } finally {
    await server.stop();
  }
} finally {
  await database.remove();
}

const markdown = await writeSoakReport(report);
log(`\n${markdown}`);
log("written to bench/results/soak.md and bench/results/soak.json");
process.exit(report.passed ? 0 : 1);

/** The lowest resident memory of the quiet spell: the caches as full as the load left them. */
async function atRest(pid: number | undefined) {
  let lowest: number | null = null;
  for (let second = 0; second < restSeconds; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = residentBytes(pid);
    if (now !== null && (lowest === null || now < lowest)) lowest = now;
  }
  return lowest;
}

/**
 * What each cache holds at the end of the load, against its share of the memory budget, as the
 * server tells an administrator (/admin/memory); null if it could not tell.
 */
async function keptMemory(origin: string, cookie: string): Promise<KeptMemory | null> {
  const url = new URL("/admin/memory", origin);
  url.hostname = "127.0.0.1";
  try {
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return (await response.json()) as KeptMemory;
  } catch (error) {
    log(`what memory holds could not be read: ${String(error)}`);
    return null;
  }
}

/** The server's log lines at pino level error (50) or worse, the first ten. */
function serverLogErrors(output: string) {
  return output
    .split("\n")
    .filter((line) => {
      const level = /"level":(\d+)/.exec(line)?.[1];
      return level !== undefined && Number(level) >= 50;
    })
    .slice(0, 10)
    .map((line) => line.slice(0, 500));
}
