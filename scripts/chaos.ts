// npm run chaos [-- --cycles 50 --only pglite|postgres --writers 6 --postgres URL]:
// proves crash safety. On each database (PGlite, one data directory for the whole run; a fresh
// PostgreSQL database) it starts the production build, lets concurrent writers add prompts,
// kills the process with SIGKILL mid-writes, restarts it, and checks that the data reopens and
// every acknowledged prompt is still there. Writes bench/results/chaos.{md,json}; exits 1 when
// a database did not reopen or an acknowledged write was lost.
import { chaosDatabase } from "./chaos/chaos-database.ts";
import { chaosOptions } from "./chaos/chaos-options.ts";
import { chaosReport, runPassed, writeChaosReport } from "./chaos/chaos-report.ts";
import { type DriverRun, runCycles } from "./chaos/run-cycles.ts";

const options = chaosOptions();
const log = (line: string) => console.log(line);
const startedAt = new Date();

const runs: DriverRun[] = [];
for (const driver of options.drivers) {
  const database = await chaosDatabase(driver, options.postgresUrl);
  log(`\n${driver}: ${options.cycles} kills on ${database.location}`);
  let run: DriverRun | undefined;
  try {
    run = await runCycles({ database, cycles: options.cycles, writers: options.writers, log });
    runs.push(run);
  } finally {
    // A PGlite data directory that failed is kept for inspection.
    if (run === undefined || runPassed(run) || driver === "postgres") await database.remove();
    else log(`kept the data directory for inspection: ${database.location}`);
  }
  if (run.failure) log(`\n${driver} FAILED: ${run.failure}`);
}

const report = chaosReport({ startedAt, cycles: options.cycles, writers: options.writers, runs });
log(`\n${await writeChaosReport(report)}`);
log(`\n${report.passed ? "passed" : "FAILED"}: bench/results/chaos.md`);
process.exit(report.passed ? 0 : 1);
