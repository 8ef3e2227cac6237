import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { InFlightRequests } from "./http/in-flight.ts";

/** How long no request must have run before the server collects its garbage. */
export const idleQuietMs = 5_000;
/** How much the heap must have grown since the last collection for another to be worth its pause. */
export const idleGrowthBytes = 32 * 1024 * 1024;
const checkEveryMs = 2_500;

/**
 * One whole garbage collection once the server has gone quiet after a busy spell. V8 keeps a
 * busy spell's garbage, and the memory it sits in, until it next collects: in a soak's quiet
 * spell a server still held 248 MB of heap 20 s in (534 MB resident), of which 66 MB was live,
 * and one collection then left 356 MB resident (docs/decisions/0009). A collection stops the
 * server for a moment, so it runs only when no request has run for `idleQuietMs` and the heap
 * has grown by `idleGrowthBytes` since the last: a health check now and then starts none.
 * Returns the way to stop.
 */
export function startIdleCollection(options: {
  inFlight: Pick<InFlightRequests, "quietForMs">;
  collect?: () => void;
  heapUsed?: () => number;
}) {
  const collect = options.collect ?? fullCollection();
  const heapUsed = options.heapUsed ?? (() => getHeapStatistics().used_heap_size);
  let usedAfterLast = heapUsed();
  const timer = setInterval(() => {
    if (options.inFlight.quietForMs() < idleQuietMs) return;
    if (heapUsed() - usedAfterLast < idleGrowthBytes) return;
    collect();
    usedAfterLast = heapUsed();
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * V8's whole collection. Node gives it only to a process started with --expose-gc; without the
 * flag, it is reached as Jest's leak detector reaches it: the flag set, `gc` read from a new
 * context (made with it), and the flag unset again, so no other context is given it.
 */
export function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString("--expose-gc");
  try {
    return runInNewContext("gc") as () => void;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}
