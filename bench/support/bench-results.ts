import type { BenchTarget } from "./bench-options.ts";
import type { RouteKind } from "./bench-routes.ts";
import type { ClientWeight } from "./client-weight.ts";
import type { QueryTiming } from "./query-timings.ts";
import type { LoadResult } from "./run-load.ts";
import type { ShareFigures } from "./sharer.ts";

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
  /** The living community, warm then cold; empty where it did not run. */
  living: LivingMode[];
}

/** One route read by the living community while the writer shared at one rate. */
export interface LivingRoute extends LoadResult {
  name: string;
  kind: RouteKind;
  path: string;
  /** The writer's figures over this route's measured run; null when nobody shared. */
  shares: ShareFigures | null;
}

export interface LivingRate {
  /** Shares a second asked of the writer. */
  rate: number;
  routes: LivingRoute[];
  /** The writer's figures over every route's measured run at this rate; null at 0. */
  shares: ShareFigures | null;
}

/** The living community on one server: answers kept in memory (on) or every request rendered (off). */
export interface LivingMode {
  answerMemory: "on" | "off";
  rates: LivingRate[];
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
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    living: { readers: number; writer: string; rates: number[]; coldRates: number[] };
  };
  runs: TargetRun[];
  checks: Check[];
  /** Issue 19's targets: the living community, the cold render path, page weight. */
  livingChecks: Check[];
}

const driverNames = { pglite: "PGlite", postgres: "PostgreSQL" };

export function targetLabel(target: BenchTarget) {
  return `${driverNames[target.driver]} ${target.count.toLocaleString("en-US")}`;
}

export function driverName(driver: BenchTarget["driver"]) {
  return driverNames[driver];
}
