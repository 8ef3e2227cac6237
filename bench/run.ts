// The performance suite of issue 8: prepares generated libraries, starts the production server
// on each, drives every route with autocannon from a second process, measures the bare-Node
// ceiling, query growth, client weight and memory, and writes bench/results/latest.{md,json}.
// usage: npm run bench -- [--duration 10] [--sizes 10000,100000] [--postgres URL] [--no-build]
import { spawnSync } from "node:child_process";
import { projectRoot } from "../server/project-root.ts";
import { benchOptions } from "./support/bench-options.ts";
import type { BenchReport, TargetRun } from "./support/bench-results.ts";
import { machine } from "./support/machine.ts";
import { measureTarget, warmupSeconds } from "./support/measure-target.ts";
import { writeReport } from "./support/report.ts";
import { checkTargets } from "./support/targets.ts";

const options = benchOptions();
const log = (line: string) => console.log(line);
const startedAt = new Date().toISOString();

if (options.build) {
  log("building the production server (npm run build)...");
  const build = spawnSync("npm", ["run", "-s", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
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
  },
  runs,
  checks: checkTargets(runs),
};
const markdown = await writeReport(report);
log(`\n${markdown}`);
log("written to bench/results/latest.md and bench/results/latest.json");
