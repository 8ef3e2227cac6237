import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { projectRoot } from "../../server/project-root.ts";
import {
  type BenchReport,
  type Check,
  driverName,
  type TargetRun,
  type VersionsReport,
} from "./bench-results.ts";
import { growthOf } from "./growth.ts";
import { livingSection } from "./living-report.ts";
import { timedRounds } from "./query-timings.ts";
import { cpuPerRequest, errorCount, type LoadResult } from "./run-load.ts";
import { describeErrors, kilobytes, megabytes } from "./targets.ts";
import { versionsSection } from "./versions-report.ts";

export const resultsDir = join(projectRoot, "bench/results");

/** Writes bench/results/latest.md and latest.json; returns the Markdown. */
export async function writeReport(report: BenchReport) {
  const markdown = reportMarkdown(report);
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, "latest.md"), markdown);
  await writeFile(join(resultsDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  return markdown;
}

export function reportMarkdown(report: BenchReport) {
  const { machine, settings } = report;
  return [
    "# PromptShelf benchmark",
    "",
    `${report.startedAt} · Node ${machine.node} · ${machine.cpus} × ${machine.cpuModel} · ` +
      `${settings.connections} connections · ${settings.durationSeconds} s per route after a ` +
      `${settings.warmupSeconds} s warm-up · requests ask for brotli · load from a second process`,
    "",
    ...report.runs.flatMap(runSection),
    ...growthSection(report.runs),
    "## Targets (issue 8)",
    "",
    "| target | status | detail |",
    "| --- | --- | --- |",
    ...report.checks.map(checkRow),
    "",
    "## Targets (issue 19: a living community, the render path, page weight)",
    "",
    "| target | status | detail |",
    "| --- | --- | --- |",
    ...report.livingChecks.map(checkRow),
    "",
    ...versionTargets(report.versionChecks),
  ].join("\n");
}

/** Writes bench/results/versions.md and versions.json (--only versions); returns the Markdown. */
export async function writeVersionsReport(report: VersionsReport) {
  const { machine } = report;
  const markdown = [
    "# PromptShelf benchmark: prompt versions",
    "",
    `${report.startedAt} · Node ${machine.node} · ${machine.cpus} × ${machine.cpuModel}`,
    "",
    ...report.runs.flatMap(versionsSection),
    ...versionTargets(report.checks),
  ].join("\n");
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, "versions.md"), markdown);
  await writeFile(join(resultsDir, "versions.json"), `${JSON.stringify(report, null, 2)}\n`);
  return markdown;
}

function versionTargets(checks: Check[]) {
  return [
    "## Targets (prompt versions)",
    "",
    "| target | status | detail |",
    "| --- | --- | --- |",
    ...checks.map(checkRow),
    "",
  ];
}

function checkRow(check: Check) {
  return `| ${check.target} | ${statusMark[check.status]} | ${check.detail} |`;
}

const statusMark = { met: "✅ met", "not met": "❌ not met", "not measured": "— not measured" };

function runSection(run: TargetRun) {
  const ceiling = run.ceiling;
  return [
    `## ${run.label} prompts`,
    "",
    "| route | req/s | p50 ms | p99 ms | errors | of ceiling | server CPU ms/req |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ceiling: bare Node http, the landing page's ${kilobytes(ceiling.bytes)} | ` +
      `${rate(ceiling.requestsPerSecond)} | ${ceiling.p50} | ${ceiling.p99} | ` +
      `${errorCount(ceiling)} | 100% | ${cpu(ceiling)} |`,
    ...run.routes.map(
      (route) =>
        `| ${route.method} ${route.path} — ${route.name} | ${rate(route.requestsPerSecond)} | ` +
        `${latency(route, route.p50)} | ${latency(route, route.p99)} | ${errorCount(route)}${
          errorCount(route) > 0 ? ` (${describeErrors(route)})` : ""
        } | ${Math.round(route.ofCeiling * 100)}% | ${cpu(route)} |`,
    ),
    "",
    `Server memory (RSS): idle ${megabytes(run.memory.idleBytes)}, under load (peak) ` +
      `${megabytes(run.memory.loadPeakBytes)}. Client weight at start (brotli): ` +
      run.weights
        .map((weight) => `${weight.path} JS ${kilobytes(weight.js)}, CSS ${kilobytes(weight.css)}`)
        .join("; ") +
      ". HTML as rendered (uncompressed): " +
      run.weights.map((weight) => `${weight.path} ${kilobytes(weight.htmlBytes)}`).join("; ") +
      ".",
    "",
    ...livingSection(run),
    ...versionsSection(run),
  ];
}

function growthSection(runs: TargetRun[]) {
  if (runs.length === 0) return [];
  const growths = (["pglite", "postgres"] as const).flatMap((driver) => {
    const growth = growthOf(runs, driver);
    return growth ? [growth] : [];
  });
  const names = runs[0]?.queries.map((item) => item.name) ?? [];
  const head = [
    "query",
    ...runs.map((run) => run.label),
    ...growths.map(
      (growth) => `growth ${driverName(growth.driver)} ${short(growth.from)} → ${short(growth.to)}`,
    ),
  ];
  return [
    `## Growth: list and search latency (ms, median of ${timedRounds} rounds after a warm-up, on the database)`,
    "",
    `| ${head.join(" | ")} |`,
    `| --- |${" ---: |".repeat(head.length - 1)}`,
    ...names.map((name) => {
      const cells = runs.map((run) => {
        const timing = run.queries.find((item) => item.name === name);
        return timing ? timing.medianMs.toFixed(1) : "";
      });
      const ratios = growths.map((growth) => {
        const item = growth.queries.find((query) => query.name === name);
        return item ? `${item.ratio.toFixed(1)}×` : "";
      });
      return `| ${[name, ...cells, ...ratios].join(" | ")} |`;
    }),
    "",
  ];
}

/** A run that got no answer only tells that requests took longer than the run. */
function latency(result: LoadResult, ms: number) {
  return result.requests === 0 ? `≥ ${ms}` : String(ms);
}

/** Server CPU per answered request (ms); n/a where /proc could not tell. */
function cpu(result: LoadResult) {
  const ms = cpuPerRequest(result);
  return ms === null ? "n/a" : ms.toFixed(2);
}

function rate(perSecond: number) {
  return Math.round(perSecond).toLocaleString("en-US");
}

function short(count: number) {
  return count >= 1_000_000 ? `${count / 1_000_000}M` : `${count / 1000}k`;
}
