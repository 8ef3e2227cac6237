/** Counts requests whose handlers are still running, so shutdown can wait for them. */
export function inFlightRequests() {
  let running = 0;
  let waiters: (() => void)[] = [];
  return {
    track<T>(work: Promise<T>): Promise<T> {
      running++;
      return work.finally(() => {
        running--;
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
  };
}

export type InFlightRequests = ReturnType<typeof inFlightRequests>;
