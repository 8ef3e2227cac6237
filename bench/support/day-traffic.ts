import { fileURLToPath } from "node:url";
import type { PlannedRequest } from "./day-plan.ts";
import { workerResult } from "./worker-process.ts";

export interface DayJob {
  /** The loopback address to send to. */
  loadUrl: string;
  /** The site's public origin, which a write's Origin header must name. */
  origin: string;
  /** Each person's Cookie header, by the index a planned request names. */
  cookies: string[];
  plan: PlannedRequest[];
  /** Requests due in the first seconds are sent but not counted. */
  warmupSeconds: number;
  /** Requests waiting for an answer at once, at most; one due past it is skipped and counted. */
  maxInFlight: number;
  /** The server's process id, whose CPU time is read before and after. */
  serverPid?: number;
}

/** One kind's figures over the measured part of the day; latency from the moment it was due. */
export interface KindFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers of 400 and above, and requests that got no answer. */
  errors: number;
  /** Answers sent from memory (their Cache-Status said so), not rendered for the request. */
  fromMemory: number;
  statusCodes: Record<string, number>;
}

export interface DayResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  skipped: number;
  serverCpuMs: number | null;
  all: KindFigures;
  kinds: Record<string, KindFigures>;
}

const worker = fileURLToPath(new URL("./day-worker.ts", import.meta.url));

/** Sends the day from a second process (bench/support/day-worker.ts) and returns its figures. */
export function runDay(job: DayJob): Promise<DayResult> {
  return workerResult<DayResult>(worker, job, "the day's load worker");
}
