import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { isolatedCheckSource } from "./isolated-check-source.ts";

export type IsolatedJob =
  | { kind: "regex"; pattern: string; flags: string; text: string }
  | { kind: "schema"; schema: unknown; data: unknown }
  | { kind: "compile"; schema: unknown };

export type IsolatedOutcome =
  | { ok: boolean; errors?: string[] }
  | { error: string }
  | { timedOut: true };

/** How long one regular expression or schema may run on one answer. */
export const checkTimeLimitMs = 1_000;

const ajvPath = createRequire(import.meta.url).resolve("ajv");

/**
 * Runs the job in a worker thread of its own and ends the thread when the time is up: the
 * server's own thread never runs a person's pattern, so no pattern can stop it answering.
 */
export function runIsolated(job: IsolatedJob, timeLimitMs = checkTimeLimitMs) {
  return new Promise<IsolatedOutcome>((resolve) => {
    const worker = new Worker(isolatedCheckSource, {
      eval: true,
      workerData: { ajvPath },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (outcome: IsolatedOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    // The clock starts once the worker says it is ready: a slow start (a busy machine, loading
    // Ajv) is not counted against the pattern.
    let timer: ReturnType<typeof setTimeout> | undefined;
    worker.on("message", (message: IsolatedOutcome | { ready: true }) => {
      if ("ready" in message) timer = setTimeout(() => settle({ timedOut: true }), timeLimitMs);
      else settle(message);
    });
    worker.once("error", (error) => settle({ error: error.message }));
    worker.once("exit", () => settle({ error: "the check stopped unexpectedly" }));
    worker.postMessage(job);
  });
}
