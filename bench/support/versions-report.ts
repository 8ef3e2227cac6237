import type { EditPhase, HistoryRead, Latency, VersionsRun } from "./bench-results.ts";
import { ms } from "./http-session.ts";
import { kilobytes } from "./targets.ts";

/** The version history's table for one run; nothing when it did not run. */
export function versionsSection(run: { label: string; versions: VersionsRun | null }) {
  const { versions } = run;
  if (!versions) return [];
  const limit = versions.keptVersions.toLocaleString("en-US");
  return [
    `### ${run.label}: prompt versions`,
    "",
    `Bench user 1 (signed in with a session written to the database, like the bench's other ` +
      `people) edits ${versions.editedPrompts} prompts of their own in turn, the last one ` +
      "shared: PATCH /api/v1/prompts/:id from the bench process, one request at a time, each " +
      "replacing the text with the next of the real prompts in `seed/prompts.csv`, whole (so " +
      "the versions have real lengths), with a note. The server keeps " +
      `${limit} versions a prompt (VERSION_LIMIT) and 4 MB of earlier text: the edits go from ` +
      `the first one until each prompt keeps ${limit}, then on at that limit, where each edit ` +
      "merges the oldest version away. The history is then read on the first prompt, round " +
      "after round of each read. Latency counts to the last byte of the answer, brotli asked for.",
    "",
    "| request | requests | p50 ms | p99 ms | detail |",
    "| --- | ---: | ---: | ---: | --- |",
    ...versions.edits.map(editRow),
    ...versions.reads.map((read) => readRow(read, versions.historyVersions)),
    "",
    storageSummary(versions.storage),
    "",
  ];
}

function editRow(phase: EditPhase) {
  return row([
    `PATCH /api/v1/prompts/:id — ${phaseName(phase)}`,
    phase.all.requests.toLocaleString("en-US"),
    ms(phase.all.p50),
    ms(phase.all.p99),
    `the shared prompt's ${phase.shared.requests}: p50 ${ms(phase.shared.p50)} ms, p99 ${ms(phase.shared.p99)} ms`,
  ]);
}

function readRow(read: HistoryRead, historyVersions: number) {
  return row([
    `GET ${read.paths.map((path) => `/api/v1/prompts/:id${path}`).join(" + ")} — ${read.name}`,
    read.latency.requests.toLocaleString("en-US"),
    ms(read.latency.p50),
    ms(read.latency.p99),
    `${historyVersions.toLocaleString("en-US")} versions kept; ${kilobytes(read.jsonBytes)} of ` +
      `JSON, ${kilobytes(read.wireBytes)} sent (brotli)`,
  ]);
}

/** An edit phase as its rows and verdicts name it. */
export function phaseName(phase: EditPhase) {
  const versions = (count: number) => count.toLocaleString("en-US");
  return `${phase.name}, versions ${versions(phase.fromVersion)} → ${versions(phase.toVersion)}`;
}

export function latencySummary(latency: Latency) {
  return `${latency.requests} requests, p50 ${ms(latency.p50)} ms, p99 ${ms(latency.p99)} ms`;
}

export function storageSummary(storage: VersionsRun["storage"]) {
  return (
    `Storage: prompt_versions (table, TOAST and indexes) grew by ` +
    `${(storage.bytesGrown / 1024 / 1024).toFixed(1)} MB while ` +
    `${storage.versionsWritten.toLocaleString("en-US")} versions were written: ` +
    `${kilobytes(storage.bytesGrown / storage.versionsWritten)} a version, for ` +
    `${kilobytes(storage.textBytesPerVersion)} of text each on average (texts over about 2 KB ` +
    "are stored compressed)."
  );
}

function row(cells: string[]) {
  return `| ${cells.join(" | ")} |`;
}
