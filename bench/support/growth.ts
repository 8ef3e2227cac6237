import type { BenchTarget } from "./bench-options.ts";
import type { TargetRun } from "./bench-results.ts";
import type { QueryKind } from "./query-timings.ts";

export interface Growth {
  driver: BenchTarget["driver"];
  from: number;
  to: number;
  queries: { name: string; kind: QueryKind; fromMs: number; toMs: number; ratio: number }[];
}

/** How each query's median grew from the smallest to the largest library on one driver. */
export function growthOf(
  runs: TargetRun[],
  driver: BenchTarget["driver"],
  sizes?: { from: number; to: number },
): Growth | null {
  const own = runs.filter((run) => run.driver === driver).sort((a, b) => a.count - b.count);
  const first = sizes ? own.find((run) => run.count === sizes.from) : own[0];
  const last = sizes ? own.find((run) => run.count === sizes.to) : own.at(-1);
  if (!first || !last || first === last) return null;
  return {
    driver,
    from: first.count,
    to: last.count,
    queries: first.queries.flatMap((early) => {
      const late = last.queries.find((item) => item.name === early.name);
      if (!late) return [];
      const ratio = late.medianMs / Math.max(early.medianMs, 0.01);
      return [
        { name: early.name, kind: early.kind, fromMs: early.medianMs, toMs: late.medianMs, ratio },
      ];
    }),
  };
}
