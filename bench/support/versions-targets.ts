import type { BenchTarget } from "./bench-options.ts";
import type { Check, VersionsRun } from "./bench-results.ts";
import { ms } from "./http-session.ts";
import { judge, officialRuns, verdict } from "./targets.ts";
import { phaseName } from "./versions-report.ts";

// The targets of prompt versions, on PostgreSQL with 1,000,000 prompts.

type Measured = BenchTarget & { label: string; versions: VersionsRun };

/** Each target, judged at PostgreSQL 1,000,000; a smaller run only gives an indication. */
export function checkVersionTargets(
  runs: (BenchTarget & { label: string; versions: VersionsRun | null })[],
): Check[] {
  const measured = runs.filter((run): run is Measured => run.versions !== null);
  const { official, largest } = officialRuns(measured);
  return [
    judge(
      "Edit (PATCH) with versions on, PostgreSQL 1,000,000: median < 10 ms",
      official,
      largest,
      (run) =>
        run.versions.edits.map((phase) =>
          verdict(
            phase.all.p50 < 10,
            `${phaseName(phase)}: p50 ${ms(phase.all.p50)} ms, p99 ${ms(phase.all.p99)} ms`,
          ),
        ),
    ),
    judge(
      "History of a prompt with 1,000 versions (GET …/versions), PostgreSQL 1,000,000: median < 100 ms",
      official,
      largest,
      (run) =>
        run.versions.reads
          .filter((read) => read.paths.join() === "/versions")
          .map((read) =>
            verdict(
              run.versions.historyVersions === 1000 && read.latency.p50 < 100,
              `${run.versions.historyVersions.toLocaleString("en-US")} versions: p50 ${ms(read.latency.p50)} ms, ` +
                `p99 ${ms(read.latency.p99)} ms`,
            ),
          ),
    ),
  ];
}
