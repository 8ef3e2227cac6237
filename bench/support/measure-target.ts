import type { RunningServer } from "../../tests/support/start-server.ts";
import { benchDatabase } from "./bench-database.ts";
import {
  type BenchOptions,
  type BenchTarget,
  livingRunsOn,
  versionsRunOn,
} from "./bench-options.ts";
import { type LivingMode, type RouteResult, type TargetRun, targetLabel } from "./bench-results.ts";
import { type BenchRoute, benchRoutes } from "./bench-routes.ts";
import { benchServerEnv, loadUrlOf, withServer } from "./bench-server.ts";
import { benchCookies, removeRunLeftovers, writerCookie } from "./bench-sessions.ts";
import { startCeiling } from "./ceiling.ts";
import { clientWeight } from "./client-weight.ts";
import { livingReaders, livingRoutes } from "./living-routes.ts";
import { loadJob, routeJob } from "./load-jobs.ts";
import { type LivingServer, measureLiving } from "./measure-living.ts";
import { measureVersions } from "./measure-versions.ts";
import { residentBytes, sampleResident, waitUntilQuiet } from "./process-stats.ts";
import { timeQueries } from "./query-timings.ts";
import { measureLoad, summary } from "./run-load.ts";

export const warmupSeconds = 1;

/** The living community's people: readers taking turns, and the writer's own session. */
interface Community {
  readers: string[];
  writer: string;
}

/** What is known before any server starts. */
interface Prepared {
  target: BenchTarget;
  label: string;
  queries: TargetRun["queries"];
  /** The signed-in people of the route table, taking turns. */
  cookies: string[];
  community: Community | null;
}

/**
 * One database at one size: query latency straight on the database, then the production server
 * on it: its idle memory, client weight, the ceiling, every route under load and the living
 * community; then, for the living community's cold column, a second server that keeps no answers;
 * then the version history, on a third.
 */
export async function measureTarget(
  target: BenchTarget,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<TargetRun> {
  const label = targetLabel(target);
  log(`\n== ${label} prompts`);
  const { handle, target: location } = await benchDatabase({
    count: target.count,
    postgresUrl: target.driver === "postgres" ? options.postgresUrl : undefined,
    log,
  });
  const living = livingRunsOn(target, options);
  let cookies: string[];
  let community: Community | null = null;
  let queries: TargetRun["queries"];
  try {
    queries = await timeQueries(handle);
    cookies = await benchCookies(handle);
    if (living) {
      community = {
        readers: await benchCookies(handle, livingReaders),
        writer: await writerCookie(handle),
      };
    }
  } finally {
    // A PGlite data directory opens in one process at a time: the server's, from here on.
    await handle.close();
  }

  const env = benchServerEnv(target, location);
  try {
    const prepared = { target, label, queries, cookies, community };
    const run = await withServer({ ...env, ANSWER_MEMORY: "on" }, (server) =>
      measureServer(server, prepared, options, log),
    );
    if (community && options.living.coldRates.length > 0) {
      const cold = await withServer({ ...env, ANSWER_MEMORY: "off" }, (server) =>
        measureLiving({
          server: livingServer(server, "off"),
          rates: options.living.coldRates,
          ...community,
          bench: options,
          warmupSeconds,
          log,
        }),
      );
      run.living.push(cold);
    }
    // Last, on a server of its own: its thousands of edits would change what the rows above read.
    if (versionsRunOn(target, options)) run.versions = await measureVersions(target, location, log);
    return run;
  } finally {
    await removeRunLeftovers(target, location);
  }
}

function livingServer(server: RunningServer, answerMemory: "on" | "off"): LivingServer {
  return {
    loadUrl: loadUrlOf(server),
    origin: server.url,
    pid: server.process.pid,
    answerMemory,
  };
}

/** Everything measured on the server that keeps answers in memory (as in production). */
async function measureServer(
  server: RunningServer,
  prepared: Prepared,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<TargetRun> {
  const { cookies, community } = prepared;
  const { loadUrl, pid } = livingServer(server, "on");
  await checkRoutes(
    loadUrl,
    community ? [...benchRoutes, ...livingRoutes] : benchRoutes,
    cookies,
    log,
  );
  await waitUntilQuiet(pid);
  const idleBytes = residentBytes(pid);
  const weights = [
    await clientWeight(loadUrl, "/"),
    await clientWeight(loadUrl, "/central", cookies[0]),
    await clientWeight(loadUrl, "/dashboard", cookies[0]),
  ];

  const ceilingServer = await startCeiling(loadUrl);
  const ceiling = {
    ...(await measureLoad(
      loadJob(ceilingServer.url, { method: "GET", cookies: [] }, options),
      warmupSeconds,
      ceilingServer.pid,
    )),
    bytes: ceilingServer.bytes,
  };
  await ceilingServer.stop();
  log(`  ceiling: bare Node http, ${ceilingServer.bytes} bytes: ${summary(ceiling)}`);

  const sampler = sampleResident(pid);
  const routes: RouteResult[] = [];
  for (const route of benchRoutes) {
    const result = await measureLoad(
      routeJob(route, loadUrl, server.url, cookies, options),
      warmupSeconds,
      pid,
    );
    const ofCeiling = result.requestsPerSecond / ceiling.requestsPerSecond;
    log(`  ${route.method ?? "GET"} ${route.path}: ${summary(result)}`);
    routes.push({
      ...result,
      name: route.name,
      kind: route.kind,
      method: route.method ?? "GET",
      path: route.path,
      ofCeiling,
    });
  }
  const loadPeakBytes = sampler.stop();

  const living: LivingMode[] = [];
  if (community) {
    living.push(
      await measureLiving({
        server: livingServer(server, "on"),
        rates: options.living.rates,
        ...community,
        bench: options,
        warmupSeconds,
        log,
      }),
    );
  }
  return {
    ...prepared.target,
    label: prepared.label,
    ceiling,
    routes,
    queries: prepared.queries,
    weights,
    memory: { idleBytes, loadPeakBytes },
    living,
    versions: null,
  };
}

/** One request per GET route first, so a broken route shows up before minutes of load. */
async function checkRoutes(
  baseUrl: string,
  routes: BenchRoute[],
  cookies: string[],
  log: (line: string) => void,
) {
  for (const route of routes) {
    if (route.method === "POST") continue;
    const response = await fetch(`${baseUrl}${route.path}`, {
      headers: route.signedIn && cookies[0] ? { cookie: cookies[0] } : {},
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 200) log(`  warning: GET ${route.path} answered ${response.status}`);
  }
}
