// The performance suite of issues 8 and 19: prepares generated libraries, starts the production
// server on each, drives every route with autocannon from a second process, measures the
// bare-Node ceiling, query growth, client and page weight, memory and server CPU; on PostgreSQL
// also a living community (200 people reading while a writer shares at 0, 2 and 10 a second),
// warm and with a second server that keeps no answers (cold), and prompt versions (edits, a full
// history's reads, storage); writes bench/results/latest.{md,json}. With --only versions it
// measures prompt versions alone and writes bench/results/versions.{md,json}; with --only mcp,
// MCP at 1,000,000 prompts (--mcp-size for another) into bench/results/mcp.{md,json}; with --only public,
// the public pages of shared prompts at 1,000,000 prompts into bench/results/public.{md,json};
// with --only day, a realistic day of people, crawlers and visitors into bench/results/day.{md,json};
// with --only teams, a person in 50 teams of 10,000 prompts each into bench/results/teams.{md,json}.
// usage: npm run bench -- [--duration 10] [--sizes 10000,100000] [--postgres URL] [--no-build]
//        [--no-living] [--living-sizes 100000,1000000] [--living-rates 0,2,10] [--cold-rates 0,10]
//        [--no-versions] [--versions-sizes 100000,1000000] [--only versions|mcp|public|day|teams]
import { spawnSync } from "node:child_process";
import { projectRoot } from "../server/project-root.ts";
import { benchOptions, versionsRunOn } from "./support/bench-options.ts";
import type { BenchReport, TargetRun, VersionsTargetRun } from "./support/bench-results.ts";
import { livingReaders } from "./support/living-routes.ts";
import { checkLivingTargets } from "./support/living-targets.ts";
import { machine } from "./support/machine.ts";
import { measureDay } from "./support/measure-day.ts";
import { measureMcp } from "./support/measure-mcp.ts";
import { measurePublic } from "./support/measure-public.ts";
import { measureTarget, warmupSeconds } from "./support/measure-target.ts";
import { measureTeams } from "./support/measure-teams.ts";
import { measureVersionsAlone } from "./support/measure-versions.ts";
import { writeReport, writeVersionsReport } from "./support/report.ts";
import { checkTargets } from "./support/targets.ts";
import { checkVersionTargets } from "./support/versions-targets.ts";

const options = benchOptions();
const log = (line: string) => console.log(line);
const startedAt = new Date().toISOString();

if (options.build) {
  log("building the production server (npm run build)...");
  const build = spawnSync("npm", ["run", "-s", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (options.only === "public") {
  const markdown = await measurePublic(options, log);
  log(`\n${markdown}`);
  log("written to bench/results/public.md and bench/results/public.json");
  process.exit(0);
}

if (options.only === "day") {
  const markdown = await measureDay(options, log);
  log(`\n${markdown}`);
  log("written to bench/results/day.md and bench/results/day.json");
  process.exit(0);
}

if (options.only === "teams") {
  const markdown = await measureTeams(options, log);
  log(`\n${markdown}`);
  log("written to bench/results/teams.md and bench/results/teams.json");
  process.exit(0);
}

if (options.only === "mcp") {
  const markdown = await measureMcp(options, log);
  log(`\n${markdown}`);
  const name = options.mcpSize === 1_000_000 ? "mcp" : `mcp-${options.mcpSize}`;
  log(`written to bench/results/${name}.md and bench/results/${name}.json`);
  process.exit(0);
}

if (options.only === "versions") {
  const targets = options.targets.filter((target) => versionsRunOn(target, options));
  if (targets.length === 0) {
    throw new Error("--only versions runs on PostgreSQL at --versions-sizes: give --postgres URL");
  }
  const runs: VersionsTargetRun[] = [];
  for (const target of targets) runs.push(await measureVersionsAlone(target, options, log));
  const markdown = await writeVersionsReport({
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: machine(),
    runs,
    checks: checkVersionTargets(runs),
  });
  log(`\n${markdown}`);
  log("written to bench/results/versions.md and bench/results/versions.json");
  process.exit(0);
}

const runs: TargetRun[] = [];
for (const target of options.targets) runs.push(await measureTarget(target, options, log));

const report: BenchReport = {
  startedAt,
  finishedAt: new Date().toISOString(),
  machine: machine(),
  settings: {
    connections: options.connections,
    durationSeconds: options.duration,
    warmupSeconds,
    living: {
      readers: livingReaders,
      writer: "bench user 1 (also a reader), on a session of its own",
      rates: options.living.rates,
      coldRates: options.living.coldRates,
    },
  },
  runs,
  checks: checkTargets(runs),
  livingChecks: checkLivingTargets(runs),
  versionChecks: checkVersionTargets(runs),
};
const markdown = await writeReport(report);
log(`\n${markdown}`);
log("written to bench/results/latest.md and bench/results/latest.json");
