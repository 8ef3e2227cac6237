import { browserHeaders } from "../../tests/support/raw-request.ts";
import type { BenchOptions } from "./bench-options.ts";
import type { LivingMode, LivingRate, LivingRoute } from "./bench-results.ts";
import { benchWriteTitle } from "./bench-routes.ts";
import { livingRoutes, sharesInFlight } from "./living-routes.ts";
import { routeJob } from "./load-jobs.ts";
import { measureLoad, summary } from "./run-load.ts";
import { type ShareFigures, startSharer } from "./sharer.ts";

export interface LivingServer {
  /** The loopback address to load. */
  loadUrl: string;
  /** The site's public origin (the writer's Origin header). */
  origin: string;
  pid: number | undefined;
  answerMemory: "on" | "off";
}

/**
 * The living community on one running server: for each rate, the writer shares throughout
 * while every route is loaded in turn by the readers (signed-in people taking turns), and the
 * writer's figures are taken over each route's measured run.
 */
export async function measureLiving(options: {
  server: LivingServer;
  rates: number[];
  readers: string[];
  writer: string;
  bench: BenchOptions;
  warmupSeconds: number;
  log: (line: string) => void;
}): Promise<LivingMode> {
  const { server, log } = options;
  const rates: LivingRate[] = [];
  for (const rate of options.rates) {
    log(`  living community, answer memory ${server.answerMemory}, ${rate} shares/s:`);
    const sharer =
      rate > 0
        ? await startSharer({
            url: `${server.loadUrl}/api/v1/prompts`,
            origin: server.origin,
            cookie: options.writer,
            rate,
            maxInFlight: sharesInFlight,
            useCase: benchWriteTitle,
          })
        : null;
    try {
      const routes: LivingRoute[] = [];
      for (const route of livingRoutes) {
        const job = routeJob(route, server.loadUrl, server.origin, options.readers, options.bench);
        if (server.answerMemory === "on") await prime(job.url, options.readers);
        const result = await measureLoad(job, options.warmupSeconds, server.pid);
        const shares = sharer ? await sharer.figures([result.window]) : null;
        log(`    GET ${route.path}: ${summary(result)}${shareSummary(shares)}`);
        routes.push({ ...result, name: route.name, kind: route.kind, path: route.path, shares });
      }
      // The share POST's own row: the writer over every route's measured run.
      const shares = sharer ? await sharer.figures(routes.map((route) => route.window)) : null;
      if (shares) log(`    POST /api/v1/prompts (writer)${shareSummary(shares)}`);
      rates.push({ rate, routes, shares });
    } finally {
      await sharer?.stop();
    }
  }
  return { answerMemory: server.answerMemory, rates };
}

/**
 * Each reader loads the route once, a few at a time, before the warm-up: 200 people's first
 * views would otherwise fill a short run with renders, and at 0 shares a second the rows are to
 * show what a community that reads far more than it writes gets, its answers kept in memory.
 */
async function prime(url: string, readers: string[], atOnce = 8) {
  const queue = [...readers];
  const reader = async () => {
    for (let cookie = queue.shift(); cookie !== undefined; cookie = queue.shift()) {
      const response = await fetch(url, { headers: { ...browserHeaders, cookie } });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: atOnce }, reader));
}

function shareSummary(shares: ShareFigures | null) {
  if (!shares) return "";
  return (
    `; shares ${shares.achievedRate.toFixed(1)}/s of ${shares.askedRate}, ` +
    `p50 ${shares.p50 ?? "—"} ms, p99 ${shares.p99 ?? "—"} ms, ${shares.errors} errors` +
    (shares.skipped > 0 ? `, ${shares.skipped} skipped` : "")
  );
}
