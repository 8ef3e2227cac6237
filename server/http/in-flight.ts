/**
 * Counts requests whose handlers are still running, so shutdown can wait for them, and says how
 * long none has run, so work best done while nobody waits (idle-collection.ts) can wait for that.
 */
export function inFlightRequests(now: () => number = () => performance.now()) {
  let running = 0;
  let lastEndedAt = now();
  let waiters: (() => void)[] = [];
  return {
    track<T>(work: Promise<T>): Promise<T> {
      running++;
      return work.finally(() => {
        running--;
        lastEndedAt = now();
        if (running > 0) return;
        for (const resolve of waiters) resolve();
        waiters = [];
      });
    },
    /** Resolves once no handler is running (at once if none is). */
    settled(): Promise<void> {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    /** Milliseconds since the last handler ended, or 0 while one is running. */
    quietForMs(): number {
      return running > 0 ? 0 : now() - lastEndedAt;
    },
  };
}

export type InFlightRequests = ReturnType<typeof inFlightRequests>;
