import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { machine } from "../../bench/support/machine.ts";
import { projectRoot } from "../../server/project-root.ts";
import type { DriverRun } from "./run-cycles.ts";

export interface ChaosReport {
  startedAt: string;
  finishedAt: string;
  machine: ReturnType<typeof machine>;
  settings: { cycles: number; writers: number; killAfterMs: [number, number] };
  runs: (DriverRun & { summary: RunSummary })[];
  passed: boolean;
}

export interface RunSummary {
  cyclesSurvived: number;
  acknowledged: number;
  lost: number;
  failedByKill: number;
  committedAnyway: number;
  unexpectedErrors: number;
  restartMedianMs: number | null;
  restartMaxMs: number | null;
}

const driverNames = { pglite: "PGlite", postgres: "PostgreSQL" };

export function summarise(run: DriverRun): RunSummary {
  const restarts = run.cycles.flatMap((cycle) =>
    cycle.restartMs === null ? [] : [cycle.restartMs],
  );
  const sum = (pick: (cycle: DriverRun["cycles"][number]) => number | null) =>
    run.cycles.reduce((total, cycle) => total + (pick(cycle) ?? 0), 0);
  return {
    cyclesSurvived: run.cycles.filter((cycle) => cycle.reopened && cycle.lost === 0).length,
    acknowledged: sum((cycle) => cycle.acknowledged),
    lost: run.lostTotal,
    failedByKill: sum((cycle) => cycle.inFlightAtKill),
    committedAnyway: sum((cycle) => cycle.inFlightCommitted),
    unexpectedErrors: sum((cycle) => cycle.unexpectedErrors),
    restartMedianMs: median(restarts),
    restartMaxMs: restarts.length > 0 ? Math.max(...restarts) : null,
  };
}

/** A run passes when every database reopened after every kill and kept every acknowledged write. */
export function runPassed(run: DriverRun) {
  return run.failure === null && run.lostTotal === 0 && run.lostAtFinalCheck !== null;
}

export function chaosReport(options: {
  startedAt: Date;
  cycles: number;
  writers: number;
  runs: DriverRun[];
}): ChaosReport {
  return {
    startedAt: options.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machine(),
    settings: { cycles: options.cycles, writers: options.writers, killAfterMs: [200, 1500] },
    runs: options.runs.map((run) => ({ ...run, summary: summarise(run) })),
    passed: options.runs.every(runPassed),
  };
}

/** Writes bench/results/chaos.md and chaos.json; returns the summary table. */
export async function writeChaosReport(report: ChaosReport) {
  const dir = join(projectRoot, "bench/results");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "chaos.md"), chaosMarkdown(report));
  await writeFile(join(dir, "chaos.json"), `${JSON.stringify(report, null, 2)}\n`);
  return summaryTable(report).join("\n");
}

function summaryTable(report: ChaosReport) {
  return [
    "| database | cycles survived | acknowledged writes | lost writes | failed by the kill (committed anyway) | unexpected errors | restart median | restart max | first start | run time |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...report.runs.map((run) => {
      const s = run.summary;
      return (
        `| ${driverNames[run.driver]} | ${s.cyclesSurvived} / ${report.settings.cycles} | ` +
        `${count(s.acknowledged)} | ${count(s.lost)} | ${count(s.failedByKill)} ` +
        `(${count(s.committedAnyway)}) | ${count(s.unexpectedErrors)} | ${ms(s.restartMedianMs)} | ` +
        `${ms(s.restartMaxMs)} | ${ms(run.firstStartMs)} | ${seconds(run.durationMs)} |`
      );
    }),
  ];
}

function chaosMarkdown(report: ChaosReport) {
  const { machine, settings } = report;
  return [
    "# PromptShelf crash safety (kill -9 while writing)",
    "",
    `${report.startedAt} · Node ${machine.node} · ${machine.cpus} × ${machine.cpuModel} · ` +
      `${settings.cycles} kills per database · ${settings.writers} concurrent writers · ` +
      `SIGKILL ${settings.killAfterMs[0]}–${settings.killAfterMs[1]} ms after the writes begin`,
    "",
    `**${report.passed ? "Passed" : "FAILED"}**: ${
      report.passed
        ? "every database reopened after every kill and kept every acknowledged write."
        : "see the failures below."
    }`,
    "",
    ...summaryTable(report),
    "",
    "An acknowledged write is a POST /api/v1/prompts answered 201 with the created prompt, read",
    "to the end. After each restart every acknowledged prompt so far is looked up through the API",
    "(the personal list, all pages) and its text compared; after the last restart the server is",
    "stopped cleanly and the prompts are read directly from the database. Writes still in flight",
    "at the kill got no answer, so either outcome is correct; the table shows how many were",
    "committed anyway. Restart time runs from spawning `node build/main.js` to the first 200 from",
    "/readyz, recovery included. PGlite reuses one data directory for the whole run; PostgreSQL",
    "uses a database created for the run and dropped after it.",
    "",
    ...report.runs.flatMap(failureSection),
    ...report.runs.flatMap(cycleSection),
  ].join("\n");
}

function failureSection(run: ChaosReport["runs"][number]) {
  if (run.failure === null && run.lostTotal === 0 && run.unexpectedSamples.length === 0) return [];
  return [
    `## ${driverNames[run.driver]}: problems`,
    "",
    ...(run.failure ? ["```", run.failure.trim(), "```", ""] : []),
    ...(run.lostWrites.length > 0
      ? [
          "Lost writes:",
          "",
          ...run.lostWrites.map((write) => `- ${write.id}: ${write.promptText}`),
          "",
        ]
      : []),
    ...(run.unexpectedSamples.length > 0
      ? ["Unexpected errors:", "", ...run.unexpectedSamples.map((line) => `- ${line}`), ""]
      : []),
  ];
}

function cycleSection(run: ChaosReport["runs"][number]) {
  return [
    `## ${driverNames[run.driver]}: each kill`,
    "",
    "| kill | after | acknowledged | in flight (committed) | unexpected | restart | lost | stored |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...run.cycles.map(
      (cycle) =>
        `| ${cycle.cycle} | ${ms(cycle.killAfterMs)} | ${cycle.acknowledged} | ` +
        `${cycle.inFlightAtKill} (${cycle.inFlightCommitted ?? "?"}) | ${cycle.unexpectedErrors} | ` +
        `${cycle.reopened ? ms(cycle.restartMs) : "did not reopen"} | ${cycle.lost} | ` +
        `${cycle.stored ?? "—"} |`,
    ),
    "",
  ];
}

function median(values: number[]) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function count(value: number) {
  return value.toLocaleString("en-US");
}

function ms(value: number | null) {
  return value === null ? "—" : `${Math.round(value).toLocaleString("en-US")} ms`;
}

function seconds(value: number) {
  return `${Math.round(value / 1000)} s`;
}
