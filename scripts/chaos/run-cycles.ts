import type { ChaosDatabase } from "./chaos-database.ts";
import { committedCount, listedPrompts, missingFrom } from "./check-prompts.ts";
import { NotReadyError, type ServerProcess, startServer } from "./server-process.ts";
import { type Acknowledged, writeUntilKilled } from "./writers.ts";

export interface CycleResult {
  cycle: number;
  killAfterMs: number;
  acknowledged: number;
  inFlightAtKill: number;
  /** Of those, committed anyway (found after the restart). */
  inFlightCommitted: number | null;
  unexpectedErrors: number;
  reopened: boolean;
  restartMs: number | null;
  /** Acknowledged prompts (of any cycle so far) first found missing after this kill. */
  lost: number;
  /** The writer's prompts the restarted server lists: acknowledged plus committed in flight. */
  stored: number | null;
}

export interface DriverRun {
  driver: ChaosDatabase["driver"];
  location: string;
  firstStartMs: number;
  cycles: CycleResult[];
  /** Acknowledged prompts missing from a direct read after the last restart and a clean stop. */
  lostAtFinalCheck: number | null;
  /** Acknowledged prompts missing at any check, each counted once. */
  lostTotal: number;
  /** The first lost prompts, for a report. */
  lostWrites: Acknowledged[];
  unexpectedSamples: string[];
  /** Why the run stopped early: the database did not reopen, or could not be read. */
  failure: string | null;
  durationMs: number;
}

const minKillMs = 200;
const maxKillMs = 1500;

/** Kills the server `cycles` times mid-writes, checking after each restart that nothing is lost. */
export async function runCycles(options: {
  database: ChaosDatabase;
  cycles: number;
  writers: number;
  log: (line: string) => void;
}): Promise<DriverRun> {
  const { database, log } = options;
  const began = performance.now();
  const acknowledged: Acknowledged[] = [];
  const lost = new Map<string, Acknowledged>();
  const recordLost = (missing: Acknowledged[]) => {
    const fresh = missing.filter((write) => !lost.has(write.id));
    for (const write of fresh) lost.set(write.id, write);
    return fresh.length;
  };
  const run: DriverRun = {
    driver: database.driver,
    location: database.location,
    firstStartMs: 0,
    cycles: [],
    lostAtFinalCheck: null,
    lostTotal: 0,
    lostWrites: [],
    unexpectedSamples: [],
    failure: null,
    durationMs: 0,
  };

  let server: ServerProcess | null = null;
  try {
    server = await startServer(database.env);
    run.firstStartMs = server.readyMs;
  } catch (error) {
    run.failure = describeFailure(0, error);
  }
  for (let cycle = 1; cycle <= options.cycles && server; cycle++) {
    const killAfterMs = Math.round(minKillMs + Math.random() * (maxKillMs - minKillMs));
    const tally = await writeUntilKilled({
      server,
      cookie: database.cookie,
      cycle,
      writers: options.writers,
      killAfterMs,
    });
    acknowledged.push(...tally.acknowledged);
    run.unexpectedSamples.push(...tally.unexpected.slice(0, 10 - run.unexpectedSamples.length));
    const result: CycleResult = {
      cycle,
      killAfterMs,
      acknowledged: tally.acknowledged.length,
      inFlightAtKill: tally.inFlightAtKill.length,
      inFlightCommitted: null,
      unexpectedErrors: tally.unexpected.length,
      reopened: false,
      restartMs: null,
      lost: 0,
      stored: null,
    };
    run.cycles.push(result);

    server = null;
    try {
      server = await startServer(database.env);
      result.reopened = true;
      result.restartMs = server.readyMs;
      const found = await listedPrompts(server, database.cookie);
      result.lost = recordLost(missingFrom(found, acknowledged));
      result.inFlightCommitted = committedCount(found, tally.inFlightAtKill);
      result.stored = found.size;
    } catch (error) {
      run.failure = describeFailure(cycle, error);
      await server?.kill();
      server = null;
    }
    log(cycleLine(database.driver, options.cycles, result));
  }

  if (server) {
    await server.stop();
    try {
      run.lostAtFinalCheck = recordLost(missingFrom(await database.storedPrompts(), acknowledged));
    } catch (error) {
      run.failure = `the direct read after the last stop failed: ${(error as Error).message}`;
    }
  }
  run.lostTotal = lost.size;
  run.lostWrites = [...lost.values()].slice(0, 20);
  run.durationMs = performance.now() - began;
  return run;
}

function describeFailure(cycle: number, error: unknown) {
  const when = cycle === 0 ? "at the first start" : `after kill ${cycle}`;
  if (error instanceof NotReadyError) {
    return `${when} the database did not open: ${error.message}\n${error.output}`;
  }
  return `${when} the prompts could not be read: ${(error as Error).message}`;
}

function cycleLine(driver: string, cycles: number, result: CycleResult) {
  const restart = result.restartMs === null ? "did not reopen" : `${ms(result.restartMs)} restart`;
  const committed = result.inFlightCommitted === null ? "?" : result.inFlightCommitted;
  return [
    `${driver.padEnd(8)} ${String(result.cycle).padStart(3)}/${cycles}`,
    `kill at ${String(result.killAfterMs).padStart(4)} ms`,
    `${String(result.acknowledged).padStart(4)} acknowledged`,
    `${String(result.inFlightAtKill).padStart(2)} in flight (${committed} committed)`,
    restart,
    `${result.lost} lost`,
    `${result.stored ?? "?"} stored`,
    ...(result.unexpectedErrors > 0 ? [`${result.unexpectedErrors} unexpected errors`] : []),
  ].join("  ");
}

function ms(value: number) {
  return `${Math.round(value).toLocaleString("en-US")} ms`;
}
