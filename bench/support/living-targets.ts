import type { Check, LivingRate, LivingRoute, TargetRun } from "./bench-results.ts";
import type { RouteKind } from "./bench-routes.ts";
import { describeShareErrors } from "./living-report.ts";
import { cpuPerRequest, errorCount } from "./run-load.ts";
import {
  describeErrors,
  judge,
  officialRuns,
  throughput,
  type Verdict,
  verdict,
} from "./targets.ts";

// The targets of issue 19, at 64 connections on PostgreSQL with 1,000,000 prompts.
const kb = 1024;
/** The share rate the living community's targets are set at. */
const targetRate = 10;

/** Each target of issue 19; a run without the living community only counts for page weight. */
export function checkLivingTargets(runs: TargetRun[]): Check[] {
  const living = runs.filter((run) => run.living.length > 0);
  const { official, largest } = officialRuns(living);
  return [
    judge(
      "Living, 10 shares/s: /central, /dashboard and a topic library ≥ 1,500 req/s, p99 < 100 ms",
      official,
      largest,
      (run) =>
        routesAt(run, "on", targetRate, ["page"]).map((route) => throughput(route, 1500, 100)),
    ),
    judge(
      "Living, 10 shares/s: JSON list and searches ≥ 3,000 req/s, p99 < 50 ms",
      official,
      largest,
      (run) =>
        routesAt(run, "on", targetRate, ["list", "search"]).map((route) =>
          throughput(route, 3000, 50),
        ),
    ),
    judge(
      "Living, 10 shares/s: share POST p99 < 50 ms, achieved rate within 5% of asked",
      official,
      largest,
      (run) => {
        const shares = rateOf(run, "on", targetRate)?.shares;
        if (!shares) return [];
        const kept = Math.abs(shares.achievedRate - shares.askedRate) <= 0.05 * shares.askedRate;
        return [
          verdict(
            kept && shares.p99 !== null && shares.p99 < 50,
            `${shares.achievedRate.toFixed(2)} of ${shares.askedRate} shares/s, p50 ` +
              `${shares.p50 ?? "—"} ms, p99 ${shares.p99 ?? "—"} ms`,
          ),
        ];
      },
    ),
    judge(
      "Cold (ANSWER_MEMORY=off), signed-in pages: ≥ 600 req/s, p99 < 150 ms, server CPU ≤ 1.5 ms a page",
      official,
      largest,
      (run) =>
        ratesOf(run, "off").flatMap((rate) =>
          rate.routes
            .filter((route) => route.kind === "page")
            .map((route) => {
              const cpu = cpuPerRequest(route);
              return verdict(
                route.requestsPerSecond >= 600 && route.p99 < 150 && cpu !== null && cpu <= 1.5,
                `${route.name} at ${rate.rate} shares/s ${Math.round(route.requestsPerSecond).toLocaleString("en-US")} ` +
                  `req/s, p99 ${route.p99} ms, CPU ${cpu === null ? "n/a" : cpu.toFixed(2)} ms`,
              );
            }),
        ),
    ),
    judge("Living and cold: zero errors (reads and shares)", living, [], (run) => {
      const verdicts = run.living.flatMap((mode) =>
        mode.rates.flatMap((rate) => errorVerdicts(mode.answerMemory, rate)),
      );
      return verdicts.length > 0 ? verdicts : [verdict(true, "0 errors")];
    }),
    judge("Raw HTML signed in: /central ≤ 40 KB, /dashboard ≤ 50 KB", runs, [], (run) =>
      run.weights.flatMap((weight) => {
        const limit = htmlLimits[weight.path];
        if (limit === undefined) return [];
        const size = `${(weight.htmlBytes / kb).toFixed(1)} KB`;
        return [verdict(weight.htmlBytes <= limit * kb, `${weight.path} ${size}`)];
      }),
    ),
  ];
}

const htmlLimits: Record<string, number> = { "/central": 40, "/dashboard": 50 };

function ratesOf(run: TargetRun, answerMemory: "on" | "off") {
  return run.living.find((mode) => mode.answerMemory === answerMemory)?.rates ?? [];
}

function rateOf(run: TargetRun, answerMemory: "on" | "off", rate: number) {
  return ratesOf(run, answerMemory).find((item) => item.rate === rate);
}

function routesAt(run: TargetRun, answerMemory: "on" | "off", rate: number, kinds: RouteKind[]) {
  return (rateOf(run, answerMemory, rate)?.routes ?? []).filter((route) =>
    kinds.includes(route.kind),
  );
}

/** A failing verdict for each read row or writer with errors. */
function errorVerdicts(answerMemory: "on" | "off", rate: LivingRate): Verdict[] {
  const where = `memory ${answerMemory}, ${rate.rate} shares/s`;
  const reads = rate.routes
    .filter((route: LivingRoute) => errorCount(route) > 0)
    .map((route) => verdict(false, `${where}: ${route.name} ${describeErrors(route)}`));
  const shares = rate.shares;
  const writes =
    shares && shares.errors + shares.skipped > 0
      ? [verdict(false, `${where}: shares ${describeShareErrors(shares)}`)]
      : [];
  return [...reads, ...writes];
}
