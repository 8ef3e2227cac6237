import type { LivingMode, LivingRate, LivingRoute, TargetRun } from "./bench-results.ts";
import { livingReaders, sharesInFlight } from "./living-routes.ts";
import { cpuPerRequest, errorCount } from "./run-load.ts";
import type { ShareFigures } from "./sharer.ts";
import { describeErrors } from "./targets.ts";

const titles = {
  on: "answers kept in memory (warm, as in production)",
  off: "every request renders (cold, ANSWER_MEMORY=off)",
};

/** The living community's tables for one run, warm then cold; nothing when it did not run. */
export function livingSection(run: TargetRun) {
  if (run.living.length === 0) return [];
  return [
    `### ${run.label}: living community`,
    "",
    `${livingReaders} signed-in people take turns reading (each request is the next person's) ` +
      "while one writer shares prompts at the rate asked (bench user 1, also a reader, on a session " +
      "of its own; POST /api/v1/prompts from a process of its own, on a fixed schedule whatever " +
      `the answers take, at most ${sharesInFlight} waiting). Share latency counts from when a share ` +
      "was due. A route's share columns are the writer's figures over that route's measured run; " +
      "the POST row's, over all of them. Server CPU: milliseconds of the server process's CPU " +
      "(user + system) per answered request during the measured run, the shares' own cost " +
      "included. With answers kept in memory, each reader loads a route once before its warm-up, " +
      "so at 0 shares a second nobody's first view is measured.",
    "",
    ...run.living.flatMap(modeTable),
  ];
}

const header = [
  "shares/s asked",
  "route",
  "req/s",
  "p50 ms",
  "p99 ms",
  "errors",
  "server CPU ms/req",
  "shares/s done",
  "share p50 ms",
  "share p99 ms",
];

function modeTable(mode: LivingMode) {
  return [
    `#### ${titles[mode.answerMemory]}`,
    "",
    `| ${header.join(" | ")} |`,
    `| ---: | --- |${" ---: |".repeat(header.length - 2)}`,
    ...mode.rates.flatMap((rate) => [
      ...rate.routes.map((route) => routeRow(rate, route)),
      ...(rate.shares ? [shareRow(rate, rate.shares)] : []),
    ]),
    "",
  ];
}

function routeRow(rate: LivingRate, route: LivingRoute) {
  const cpu = cpuPerRequest(route);
  const errors = errorCount(route);
  return row([
    String(rate.rate),
    `GET ${route.path} — ${route.name}`,
    Math.round(route.requestsPerSecond).toLocaleString("en-US"),
    String(route.p50),
    String(route.p99),
    errors > 0 ? `${errors} (${describeErrors(route)})` : "0",
    cpu === null ? "n/a" : cpu.toFixed(2),
    ...shareCells(route.shares),
  ]);
}

function shareRow(rate: LivingRate, shares: ShareFigures) {
  return row([
    String(rate.rate),
    "**POST /api/v1/prompts — share (the writer)**",
    "—",
    "—",
    "—",
    shares.errors + shares.skipped > 0 ? describeShareErrors(shares) : "0",
    "—",
    ...shareCells(shares),
  ]);
}

/** The writer's failures: its non-2xx answers by status, shares with no answer, shares skipped. */
export function describeShareErrors(shares: ShareFigures) {
  const failed = Object.entries(shares.statusCodes)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, count]) => `${count}×${code}`);
  const skipped = shares.skipped > 0 ? [`${shares.skipped} skipped`] : [];
  return [...failed, ...skipped].join(", ");
}

function shareCells(shares: ShareFigures | null) {
  if (!shares) return ["—", "—", "—"];
  return [shares.achievedRate.toFixed(2), String(shares.p50 ?? "—"), String(shares.p99 ?? "—")];
}

function row(cells: string[]) {
  return `| ${cells.join(" | ")} |`;
}
