import { startServer } from "../../tests/support/start-server.ts";
import { benchDatabase } from "./bench-database.ts";
import type { BenchOptions, BenchTarget } from "./bench-options.ts";
import { type RouteResult, type TargetRun, targetLabel } from "./bench-results.ts";
import { benchRoutes } from "./bench-routes.ts";
import { benchCookies, removeRunLeftovers } from "./bench-sessions.ts";
import { startCeiling } from "./ceiling.ts";
import { clientWeight } from "./client-weight.ts";
import { loadJob, routeJob } from "./load-jobs.ts";
import { residentBytes, sampleResident, waitUntilQuiet } from "./process-stats.ts";
import { timeQueries } from "./query-timings.ts";
import { measureLoad, summary } from "./run-load.ts";

export const warmupSeconds = 1;

/**
 * One database at one size: query latency straight on the database, then the production server
 * on it: its idle memory, client weight, the ceiling, and every route under load.
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
  let cookies: string[];
  let queries: TargetRun["queries"];
  try {
    queries = await timeQueries(handle);
    cookies = await benchCookies(handle);
  } finally {
    // A PGlite data directory opens in one process at a time: the server's, from here on.
    await handle.close();
  }

  const server = await startServer(
    target.driver === "pglite" ? { DATA_DIR: location } : { DATABASE_URL: location },
  );
  const loadUrl = server.url.replace("//localhost:", "//127.0.0.1:");
  const pid = server.process.pid;
  try {
    await checkRoutes(loadUrl, cookies, log);
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
    return {
      ...target,
      label,
      ceiling,
      routes,
      queries,
      weights,
      memory: { idleBytes, loadPeakBytes },
    };
  } finally {
    await server.stop();
    await removeRunLeftovers(target, location);
  }
}

/** One request per GET route first, so a broken route shows up before minutes of load. */
async function checkRoutes(baseUrl: string, cookies: string[], log: (line: string) => void) {
  for (const route of benchRoutes) {
    if (route.method === "POST") continue;
    const response = await fetch(`${baseUrl}${route.path}`, {
      headers: route.signedIn && cookies[0] ? { cookie: cookies[0] } : {},
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 200) log(`  warning: GET ${route.path} answered ${response.status}`);
  }
}
