import type { BenchTarget } from "./bench-options.ts";
import type { RouteKind } from "./bench-routes.ts";
import type { ClientWeight } from "./client-weight.ts";
import type { QueryTiming } from "./query-timings.ts";
import type { LoadResult } from "./run-load.ts";

export interface RouteResult extends LoadResult {
  name: string;
  kind: RouteKind;
  method: string;
  path: string;
  /** Requests per second as a share of the ceiling's (1 = as fast as the bare server). */
  ofCeiling: number;
}

/** Everything measured on one database at one size. */
export interface TargetRun extends BenchTarget {
  label: string;
  ceiling: LoadResult & { bytes: number };
  routes: RouteResult[];
  queries: QueryTiming[];
  weights: ClientWeight[];
  memory: { idleBytes: number | null; loadPeakBytes: number | null };
}

export interface Check {
  target: string;
  status: "met" | "not met" | "not measured";
  detail: string;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: { node: string; cpus: number; cpuModel: string; platform: string };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number };
  runs: TargetRun[];
  checks: Check[];
}

const driverNames = { pglite: "PGlite", postgres: "PostgreSQL" };

export function targetLabel(target: BenchTarget) {
  return `${driverNames[target.driver]} ${target.count.toLocaleString("en-US")}`;
}

export function driverName(driver: BenchTarget["driver"]) {
  return driverNames[driver];
}
