import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * For long work on the main thread (reading a large import, writing it): each call returns at
 * once until `budgetMs` of work has gone by, then waits one turn of the event loop, so requests
 * that arrived meanwhile are answered before the work goes on.
 */
export function pacer(budgetMs = 8) {
  let since = performance.now();
  return async function pace() {
    if (performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}

export type Pace = ReturnType<typeof pacer>;
