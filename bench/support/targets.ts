import type { Check, RouteResult, TargetRun } from "./bench-results.ts";
import { type Growth, growthOf } from "./growth.ts";
import { errorCount } from "./run-load.ts";

// The targets of issue 8, at 64 connections on this machine.
const kb = 1024;
const mb = 1024 * 1024;
const million = 1_000_000;

export interface Verdict {
  ok: boolean;
  detail: string;
}

/** Each target of the issue, judged on the runs it names (others only give an indication). */
export function checkTargets(runs: TargetRun[]): Check[] {
  const { official: largePostgres, largest } = officialRuns(runs);
  const postgres = runs.filter((run) => run.driver === "postgres");
  return [
    judge("Public pages: ≥ 50% of the bare-Node ceiling, p99 < 20 ms", runs, [], (run) =>
      routesOf(run, "public").map((route) =>
        verdict(
          route.ofCeiling >= 0.5 && route.p99 < 20,
          `${route.name} ${percent(route.ofCeiling)} of ceiling, p99 ${route.p99} ms`,
        ),
      ),
    ),
    judge(
      "/central and /dashboard signed in, PostgreSQL 1,000,000: ≥ 1,500 req/s, p99 < 100 ms",
      largePostgres,
      largest,
      (run) => routesOf(run, "page").map((route) => throughput(route, 1500, 100)),
    ),
    judge(
      "JSON list, PostgreSQL 1,000,000: ≥ 4,000 req/s, p99 < 40 ms",
      largePostgres,
      largest,
      (run) => routesOf(run, "list").map((route) => throughput(route, 4000, 40)),
    ),
    judge(
      "Search, PostgreSQL 1,000,000: median < 10 ms (query) and p99 < 50 ms (HTTP, 64 connections)",
      largePostgres,
      largest,
      (run) =>
        routesOf(run, "search").map((route) => {
          const query = run.queries.find((item) => item.name === route.name);
          const medianMs = query?.medianMs ?? Number.POSITIVE_INFINITY;
          return verdict(
            medianMs < 10 && route.p99 < 50,
            `${route.name} query median ${medianMs.toFixed(1)} ms, HTTP p50 ${route.p50} ms, p99 ${route.p99} ms`,
          );
        }),
    ),
    growthCheck(runs),
    judge(
      "Folder + tag + search over 100,000 prompts on PGlite: median < 50 ms",
      runs.filter((run) => run.driver === "pglite" && run.count === 100_000),
      [],
      (run) =>
        run.queries
          .filter((item) => item.kind === "organised")
          .map((item) =>
            verdict(item.medianMs < 50, `${item.name} ${item.medianMs.toFixed(1)} ms`),
          ),
    ),
    judge("Landing page total compressed JS ≤ 120 KB", runs, [], (run) =>
      run.weights
        .filter((weight) => weight.path === "/")
        .map((weight) => verdict(weight.js <= 120 * kb, `${(weight.js / kb).toFixed(1)} KB`)),
    ),
    judge("Server idle memory on PostgreSQL ≤ 150 MB", postgres, runs, (run) => [
      verdict(
        run.memory.idleBytes !== null && run.memory.idleBytes <= 150 * mb,
        `idle ${megabytes(run.memory.idleBytes)}`,
      ),
    ]),
    judge("Zero errors in every run", runs, [], (run) => {
      const failing = run.routes.filter((route) => errorCount(route) > 0);
      if (failing.length === 0) return [verdict(true, "0 errors")];
      return failing.map((route) => verdict(false, `${route.name} ${describeErrors(route)}`));
    }),
  ];
}

function growthCheck(runs: TargetRun[]): Check {
  const target = "Growth 10,000 → 1,000,000 (PostgreSQL): list ≤ 1.5×, search ≤ 3×";
  const official = growthOf(runs, "postgres", { from: 10_000, to: million });
  const judged = (growth: Growth) =>
    growth.queries.map((item) =>
      verdict(
        item.ratio <= (item.kind === "list" ? 1.5 : 3),
        `${item.name} ${item.ratio.toFixed(1)}×`,
      ),
    );
  if (official) return conclude(target, judged(official));
  const fallback = growthOf(runs, "postgres") ?? growthOf(runs, "pglite");
  if (!fallback) return { target, status: "not measured", detail: "needs two sizes" };
  const scope = `${fallback.driver} ${fallback.from.toLocaleString("en-US")} → ${fallback.to.toLocaleString("en-US")}`;
  return indicative(target, scope, judged(fallback));
}

/**
 * The runs a target is judged on: PostgreSQL at 1,000,000 prompts; and the largest run, which
 * stands in for it (as an indication only) when there is none.
 */
export function officialRuns<Run extends { driver: string; count: number }>(runs: Run[]) {
  return {
    official: runs.filter((run) => run.driver === "postgres" && run.count === million),
    largest: [...runs].sort((a, b) => b.count - a.count).slice(0, 1),
  };
}

/**
 * A target judged on the runs it names (`official`), or, without them, an indication on the
 * `fallback` runs that is reported as not measured.
 */
export function judge<Run extends { label: string }>(
  target: string,
  official: Run[],
  fallback: Run[],
  evaluate: (run: Run) => Verdict[],
): Check {
  const labelled = (run: Run) =>
    evaluate(run).map((item) => ({ ok: item.ok, detail: `${run.label}: ${item.detail}` }));
  if (official.length > 0) return conclude(target, official.flatMap(labelled));
  if (fallback.length === 0) return { target, status: "not measured", detail: "no such run" };
  return indicative(target, "", fallback.flatMap(labelled));
}

function conclude(target: string, verdicts: Verdict[]): Check {
  if (verdicts.length === 0) return { target, status: "not measured", detail: "no such rows" };
  const failing = verdicts.filter((item) => !item.ok);
  return {
    target,
    status: failing.length === 0 ? "met" : "not met",
    detail: (failing.length > 0 ? failing : verdicts).map((item) => item.detail).join("; "),
  };
}

function indicative(target: string, scope: string, verdicts: Verdict[]): Check {
  if (verdicts.length === 0) return { target, status: "not measured", detail: "no such rows" };
  const met = verdicts.every((item) => item.ok);
  const shown = verdicts.map((item) => `${item.ok ? "" : "✗ "}${item.detail}`).join("; ");
  return {
    target,
    status: "not measured",
    detail: `indicative${scope ? ` on ${scope}` : ""} (${met ? "would be met" : "would not be met"}): ${shown}`,
  };
}

function routesOf(run: TargetRun, kind: RouteResult["kind"]) {
  return run.routes.filter((route) => route.kind === kind);
}

export function throughput(
  route: Pick<RouteResult, "name" | "requestsPerSecond" | "p99">,
  minimum: number,
  p99Below: number,
): Verdict {
  return verdict(
    route.requestsPerSecond >= minimum && route.p99 < p99Below,
    `${route.name} ${Math.round(route.requestsPerSecond).toLocaleString("en-US")} req/s, p99 ${route.p99} ms`,
  );
}

export function verdict(ok: boolean, detail: string): Verdict {
  return { ok, detail };
}

export function describeErrors(route: Pick<RouteResult, "statusCodes" | "errors">) {
  const codes = Object.entries(route.statusCodes)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, count]) => `${count}×${code}`);
  const socket = route.errors > 0 ? [`${route.errors} socket errors`] : [];
  return [...codes, ...socket].join(", ");
}

function percent(ratio: number) {
  return `${Math.round(ratio * 100)}%`;
}

export function kilobytes(bytes: number) {
  return `${(bytes / kb).toFixed(1)} KB`;
}

export function megabytes(bytes: number | null) {
  return bytes === null ? "n/a" : `${(bytes / mb).toFixed(0)} MB`;
}
