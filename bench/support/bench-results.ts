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
  /** Edits, history reads and storage with prompt versions on; null where it did not run. */
  versions: VersionsRun | null;
}

/** Requests sent one at a time: each one's latency to the last byte of its answer, in ms. */
export interface Latency {
  requests: number;
  p50: number;
  p99: number;
}

/** Edits made in turn to the edited prompts, taking each from one history length to another. */
export interface EditPhase {
  name: string;
  /** The version each prompt was at before the phase and after it. */
  fromVersion: number;
  toVersion: number;
  all: Latency;
  /** The shared prompt's edits alone: each one also tells the community's lists it changed. */
  shared: Latency;
}

/** One kind of history read, repeated on a prompt whose history is full. */
export interface HistoryRead {
  name: string;
  /** The request, or requests sent together (a pair to compare), after /api/v1/prompts/:id. */
  paths: string[];
  latency: Latency;
  /** The answers' JSON, and as sent when brotli is asked for. */
  jsonBytes: number;
  wireBytes: number;
}

export interface VersionsRun {
  /** How many prompts are edited in turn (bench user 1's; the last one shared). */
  editedPrompts: number;
  /** Versions a prompt keeps, the current one counted (the server's VERSION_LIMIT). */
  keptVersions: number;
  edits: EditPhase[];
  /** Versions the read prompt's history lists (the current one counted). */
  historyVersions: number;
  reads: HistoryRead[];
  storage: {
    versionsWritten: number;
    /** How much prompt_versions (table, TOAST and indexes) grew while they were written. */
    bytesGrown: number;
    /** The texts' own bytes per version written, on average. */
    textBytesPerVersion: number;
  };
}

/** bench/results/versions.json: a run of the version history alone (--only versions). */
export interface VersionsReport {
  startedAt: string;
  finishedAt: string;
  machine: BenchReport["machine"];
  runs: VersionsTargetRun[];
  checks: Check[];
}

export type VersionsTargetRun = BenchTarget & { label: string; versions: VersionsRun };

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
  /** Prompt versions' targets: an edit's latency, a full history's read. */
  versionChecks: Check[];
}

const driverNames = { pglite: "PGlite", postgres: "PostgreSQL" };

export function targetLabel(target: BenchTarget) {
  return `${driverNames[target.driver]} ${target.count.toLocaleString("en-US")}`;
}

export function driverName(driver: BenchTarget["driver"]) {
  return driverNames[driver];
}
