import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { projectRoot } from "../../server/project-root.ts";
import type { SoakOptions } from "./soak-options.ts";
import { groups, type MinuteFigures } from "./soak-recorder.ts";
import type { ShareCounts } from "./soak-sharer.ts";

export interface Check {
  name: string;
  /** null: the run was too short to tell. */
  passed: boolean | null;
  detail: string;
}

export interface SoakReport {
  startedAt: string;
  finishedAt: string;
  machine: { node: string; cpus: number; cpuModel: string; platform: string };
  settings: Omit<SoakOptions, "postgresUrl"> & {
    signInEveryMs: number;
    mix: Record<string, number>;
    /** The people visitors read as in turn (a living community); 0: each reads as itself. */
    people: number;
  };
  /** What the living community's sharers did; null without --living. */
  shares: ShareCounts | null;
  minutes: MinuteFigures[];
  total: MinuteFigures;
  /** Every unexpected answer or failed request, by route and outcome. */
  problems: { line: string; count: number }[];
  /** The first few 5xx answers with the start of their bodies. */
  serverErrorSamples: string[];
  /** The server's own log lines at level error or worse. */
  serverLogErrors: string[];
  /** What each cache held at the end, against the memory budget; null if it could not be read. */
  memory: KeptMemory | null;
  /** The server left quiet after the load: its lowest resident memory over those seconds. */
  rest: { seconds: number; rssBytes: number | null };
  checks: Check[];
  passed: boolean;
}

/** What the server tells an administrator of its memory (server/http/memory-routes.ts). */
export interface KeptMemory {
  budgetBytes: number;
  bytes: number;
  caches: { kind: string; entries: number; bytes: number; maxBytes: number }[];
  process: { rss: number; heapUsed: number; heapTotal: number; external: number };
}

const memoryGrowthLimit = 0.1;
const p99GrowthLimit = 2;
const otherErrorLimit = 0.001;
const sharePaceLimit = 0.95;

/**
 * The pass criteria: no 5xx; resident memory grown under 10% from the warm-up minute to the end;
 * the last minute's p99 at most double the second minute's (the first is warm-up); so a run
 * whose requests were mostly refused cannot pass, under 0.1% of requests failing any other way;
 * and in a living community, at least 95% of the shares the schedule asked for created.
 */
export function soakChecks(
  minutes: MinuteFigures[],
  total: MinuteFigures,
  shares: ShareCounts | null,
): Check[] {
  const second = minutes[1]?.p99 ?? null;
  const last = minutes.at(-1)?.p99 ?? null;
  return [
    {
      name: "no 5xx",
      passed: total.serverErrors === 0,
      detail: `${total.serverErrors} of ${total.requests.toLocaleString("en-US")} requests`,
    },
    memoryCheck(minutes),
    minutes.length < 3 || second === null || last === null
      ? { name: "p99 stable", passed: null, detail: "needs three minutes or more" }
      : {
          name: "p99 stable",
          passed: last <= second * p99GrowthLimit,
          detail: `p99 ${second} ms in minute 2, ${last} ms in minute ${minutes.length} (×${(last / second).toFixed(2)}; fails above ×${p99GrowthLimit})`,
        },
    {
      name: "other errors < 0.1%",
      passed: total.otherErrors <= total.requests * otherErrorLimit,
      detail: `${total.otherErrors} of ${total.requests.toLocaleString("en-US")} requests`,
    },
    ...(shares
      ? [
          {
            name: "shares kept pace (≥ 95%)",
            passed: shares.created >= shares.due * sharePaceLimit,
            detail:
              `${shares.created.toLocaleString("en-US")} created of ` +
              `${shares.due.toLocaleString("en-US")} due (${shares.skipped} skipped)`,
          },
        ]
      : []),
  ];
}

/**
 * Settled RSS at the end of the warm-up minute against the end of the run, taken as the lowest
 * settled RSS of the last three minutes. V8 keeps a larger or smaller heap committed from one
 * minute to the next (under this load its live heap stays near 45 MB while the committed heap
 * moves between 90 and 160 MB), which can lift a single minute's floor by a tenth; memory that is
 * really kept shows in every minute.
 */
function memoryCheck(minutes: MinuteFigures[]): Check {
  const name = "memory growth < 10%";
  const warm = minutes[0]?.rssSettledBytes ?? null;
  const tail = minutes.slice(Math.max(1, minutes.length - 3));
  const settled = tail.flatMap((row) =>
    row.rssSettledBytes === null ? [] : [row.rssSettledBytes],
  );
  const lastMinute = minutes.at(-1)?.rssSettledBytes ?? null;
  if (warm === null || settled.length === 0 || lastMinute === null) {
    return { name, passed: null, detail: "needs two minutes or more" };
  }
  const end = Math.min(...settled);
  const span =
    tail.length === 1
      ? `minute ${tail[0]?.minute}`
      : `minutes ${tail[0]?.minute}–${tail.at(-1)?.minute}`;
  return {
    name,
    passed: (end - warm) / warm < memoryGrowthLimit,
    detail:
      `settled RSS ${megabytes(warm)} in the warm-up minute, ${megabytes(end)} at the end ` +
      `(lowest of ${span}): ${percent((end - warm) / warm)}; ` +
      `last minute alone ${megabytes(lastMinute)} (${percent((lastMinute - warm) / warm)})`,
  };
}

const columns = [
  "min",
  "requests",
  "5xx",
  "other",
  "p50 ms",
  "p99 ms",
  ...groups.map((group) => `${group} p99`),
  "sign-ins",
  "sign-in flow p99",
  "RSS MB",
  "settled MB",
  "server CPU",
  "load CPU",
  "load avg",
];

function minuteRow(row: MinuteFigures) {
  return [
    row.minute === 1 ? "1 (warm-up)" : String(row.minute),
    String(row.requests),
    String(row.serverErrors),
    String(row.otherErrors),
    ms(row.p50),
    ms(row.p99),
    ...groups.map((group) => ms(row.groups[group].p99)),
    `${row.signIns.completed}${row.signIns.failed ? ` (${row.signIns.failed} failed)` : ""}`,
    ms(row.signIns.p99),
    row.rssBytes === null ? "—" : (row.rssBytes / 1024 / 1024).toFixed(1),
    row.rssSettledBytes === null ? "—" : (row.rssSettledBytes / 1024 / 1024).toFixed(1),
    row.serverCpu === null ? "—" : row.serverCpu.toFixed(2),
    row.clientCpu === null ? "—" : row.clientCpu.toFixed(2),
    row.loadAverage === null ? "—" : row.loadAverage.toFixed(1),
  ];
}

/** The header of the console table, then one line per minute as each ends. */
export function tableHeader() {
  return [pad(columns), pad(widths.map((width) => "-".repeat(width)))].join("\n");
}

export function tableLine(row: MinuteFigures) {
  return pad(minuteRow(row));
}

/** Wide enough for the header and for "1 (warm-up)" or "1234 (12 failed)". */
const widths = columns.map((column, i) => Math.max(column.length, i === 0 ? 11 : 6));

function pad(cells: string[]) {
  return cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join("  ");
}

export function soakMarkdown(report: SoakReport) {
  const { machine, settings, total } = report;
  const mark = (check: Check) =>
    check.passed === null ? "— not measured" : check.passed ? "✅ pass" : "❌ fail";
  return [
    "# PromptShelf soak test",
    "",
    `${report.startedAt} · Node ${machine.node} · ${machine.cpus} × ${machine.cpuModel} · ` +
      `${settings.driver}, ${settings.prompts.toLocaleString("en-US")} generated prompts · ` +
      `${settings.minutes} min · ${settings.connections} signed-in visitors sending requests ` +
      "back to back" +
      (settings.shareRate === null
        ? ""
        : ` (reading as ${settings.people} people in turn) while ${settings.shareRate} prompts a ` +
          "second are shared on a fixed schedule, each by the next person") +
      ", plus one sign-in a second through the development identity provider · " +
      "requests ask for brotli · the load runs in the same process as this script, the server in its own",
    "",
    `**${report.passed ? "PASS" : "FAIL"}** · ${total.requests.toLocaleString("en-US")} requests · ` +
      `${total.serverErrors} 5xx · ${total.otherErrors} other errors · p50 ${ms(total.p50)} ms · ` +
      `p99 ${ms(total.p99)} ms`,
    "",
    "The machine is shared with other work (see the load average column), so latencies are noisy;",
    "memory and 5xx are the figures to trust.",
    "",
    "| check | result | detail |",
    "| --- | --- | --- |",
    ...report.checks.map((check) => `| ${check.name} | ${mark(check)} | ${check.detail} |`),
    "",
    "## Per minute",
    "",
    "Latencies in ms, to the last byte of the body. A sign-in flow is the seven requests from",
    "POST /auth/login to the dashboard; sign-in p99 is per request of it (sign-out included). RSS: the",
    "server's, at the minute's end. Settled: the lowest of its once-a-second samples in the minute",
    "(in the warm-up minute, in its second half), what it holds after garbage collection; single",
    "samples swing by a third with collection, so the memory check compares these. Server CPU and",
    "load CPU: cores kept busy by the server and by this script sending the load. Load avg: the",
    "machine's one-minute load average.",
    "",
    `| ${columns.join(" | ")} |`,
    `| ${columns.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...report.minutes.map((row) => `| ${minuteRow(row).join(" | ")} |`),
    "",
    "## Per kind, whole run",
    "",
    "| kind | share of the mix | answered | p50 ms | p99 ms |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...Object.entries(total.kinds)
      .filter(([kind]) => kind !== "share" || settings.shareRate !== null)
      .map(
        ([kind, figures]) =>
          `| ${kind} | ${mixCell(kind, settings)} | ${figures.requests} | ${ms(figures.p50)} | ${ms(figures.p99)} |`,
      ),
    `| sign-in flow | one a second | ${total.signIns.completed} | ${ms(total.signIns.p50)} | ${ms(total.signIns.p99)} |`,
    "",
    ...memoryLines(report.memory, report.rest),
    "## Unexpected answers",
    "",
    ...(report.problems.length === 0
      ? ["None."]
      : report.problems.map((problem) => `- ${problem.line}: ${problem.count}`)),
    ...(report.serverErrorSamples.length > 0
      ? ["", "First 5xx answers:", "", ...report.serverErrorSamples.map((line) => `- \`${line}\``)]
      : []),
    ...(report.serverLogErrors.length > 0
      ? ["", "Server log errors:", "", ...report.serverLogErrors.map((line) => `- \`${line}\``)]
      : []),
    "",
  ].join("\n");
}

/** Writes bench/results/soak.md and soak.json; returns the Markdown. */
export async function writeSoakReport(report: SoakReport) {
  const dir = join(projectRoot, "bench/results");
  const markdown = soakMarkdown(report);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "soak.md"), markdown);
  await writeFile(join(dir, "soak.json"), `${JSON.stringify(report, null, 2)}\n`);
  return markdown;
}

/** What each cache held at the end of the run, against its share of the budget. */
function memoryLines(memory: KeptMemory | null, rest: SoakReport["rest"]) {
  const resting =
    rest.rssBytes === null
      ? ""
      : `Left quiet for ${rest.seconds} s after the load, the server held ` +
        `${megabytes(rest.rssBytes)} resident at its lowest (decision 0009's target for a server ` +
        "at rest: 150 MB). ";
  if (!memory)
    return ["## Memory kept at the end", "", `${resting}What the caches held was not read.`, ""];
  const { process: own } = memory;
  return [
    "## Memory kept at the end",
    "",
    resting +
      `Each cache's entries and bytes as the server counts them, against its share of the ` +
      `memory budget (MEMORY_BUDGET_MB, ${megabytes(memory.budgetBytes)}). The process then held ` +
      `${megabytes(own.rss)} resident, ${megabytes(own.heapUsed)} of V8 heap in use ` +
      `(${megabytes(own.heapTotal)} committed) and ${megabytes(own.external)} outside it ` +
      "(buffers: kept pages, answers and images).",
    "",
    "| cache | entries | bytes | share | of its share |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...memory.caches.map(
      (cache) =>
        `| ${cache.kind} | ${cache.entries.toLocaleString("en-US")} | ${megabytes(cache.bytes)} | ` +
        `${megabytes(cache.maxBytes)} | ${Math.round((100 * cache.bytes) / cache.maxBytes)}% |`,
    ),
    `| all | ${memory.caches.reduce((sum, cache) => sum + cache.entries, 0).toLocaleString("en-US")} | ` +
      `${megabytes(memory.bytes)} | ${megabytes(memory.budgetBytes)} | ` +
      `${Math.round((100 * memory.bytes) / memory.budgetBytes)}% |`,
    "",
  ];
}

function ms(value: number | null) {
  return value === null ? "—" : String(value);
}

function megabytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function percent(ratio: number) {
  return `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)}%`;
}

/** A kind's place in the load: its share of the visitors' requests, or its own pace. */
function mixCell(kind: string, settings: SoakReport["settings"]) {
  if (kind === "sign-in") return "8 a flow";
  if (kind === "share") return `${settings.shareRate} a second, on a schedule`;
  return share(settings.mix[kind]);
}

function share(ratio: number | undefined) {
  return ratio === undefined ? "—" : `${(ratio * 100).toFixed(1)}%`;
}
