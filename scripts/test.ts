// npm test: every suite, stopping at the first failure.
import { type ChildProcess, spawn } from "node:child_process";

interface Step {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const build: Step = { title: "Production build", command: "npm", args: ["run", "-s", "build"] };
const check: Step = { title: "Typecheck and lint", command: "npm", args: ["run", "-s", "check"] };
const unit: Step = {
  title: "Unit and integration tests",
  command: "npx",
  args: ["vitest", "run"],
  // The pages the production build made, rather than a build of the run's own
  // (tests/support/app-build-setup.ts).
  env: { TEST_PAGES_BUILD_DIRECTORY: "build" },
};
const browser: Step = {
  title: "Browser tests",
  command: "npm",
  args: ["run", "-s", "test:e2e:built"],
};

/**
 * In turn, but for typechecking and linting, which run beside the unit tests: they are one
 * core's work for about 25 s, and the unit tests leave that much of two cores idle as they start
 * and finish. The build goes first: the unit tests load its pages, and it writes the route types
 * the typecheck reads.
 */
const plan: (Step | [Step, Step])[] = [build, [unit, check], browser];

interface Running {
  step: Step;
  child: ChildProcess;
  detached: boolean;
  started: number;
  seconds?: string;
  /** The output of a step that runs beside another, shown once it ends. */
  held?: Buffer[];
  ended: Promise<number>;
}

const running = new Set<Running>();

function start(step: Step, options: { beside: boolean; hold: boolean }): Running {
  console.log(
    `\n▶ ${step.title}${options.hold ? " (beside the next, its output once it ends)" : ""}`,
  );
  const child = spawn(step.command, step.args, {
    env: { ...process.env, ...step.env },
    // A step beside another is a process group of its own, so a failure of either stops the
    // other whole (npx and npm run do not pass a signal on to what they started).
    detached: options.beside,
    stdio: options.hold
      ? ["ignore", "pipe", "pipe"]
      : [options.beside ? "ignore" : "inherit", "inherit", "inherit"],
  });
  const held: Buffer[] | undefined = options.hold ? [] : undefined;
  child.stdout?.on("data", (chunk: Buffer) => held?.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => held?.push(chunk));
  const ended = new Promise<number>((resolve) => {
    child.on("error", (error) => {
      held?.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  const run: Running = { step, child, detached: options.beside, started: Date.now(), held, ended };
  void ended.then(() => {
    run.seconds = ((Date.now() - run.started) / 1000).toFixed(1);
  });
  running.add(run);
  void ended.then(() => running.delete(run));
  return run;
}

function stop(run: Running) {
  const pid = run.child.pid;
  if (run.child.exitCode !== null || pid === undefined) return;
  try {
    if (run.detached) process.kill(-pid, "SIGTERM");
    else run.child.kill("SIGTERM");
  } catch {
    // Ended meanwhile.
  }
}

function report(run: Running, status: number) {
  if (run.held?.length) {
    console.log(`\n▶ ${run.step.title}: its output`);
    process.stdout.write(Buffer.concat(run.held));
  }
  const seconds = run.seconds ?? ((Date.now() - run.started) / 1000).toFixed(1);
  if (status === 0) console.log(`✓ ${run.step.title} (${seconds} s)`);
  else console.error(`\n✗ ${run.step.title} failed after ${seconds} s`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const run of running) stop(run);
    process.exit(1);
  });
}

const started = Date.now();
for (const item of plan) {
  if (!Array.isArray(item)) {
    const run = start(item, { beside: false, hold: false });
    const status = await run.ended;
    report(run, status);
    if (status !== 0) process.exit(status);
    continue;
  }
  const [first, second] = item;
  const shown = start(first, { beside: true, hold: false });
  const held = start(second, { beside: true, hold: true });
  // The held step's result waits for the other to end, unless it failed: then both stop at once.
  const outcome = await Promise.race([
    shown.ended.then((status) => ({ run: shown, status })),
    held.ended.then((status) => ({ run: held, status })),
  ]);
  if (outcome.status !== 0) {
    const other = outcome.run === shown ? held : shown;
    stop(other);
    await other.ended;
    report(outcome.run, outcome.status);
    process.exit(outcome.status);
  }
  const [shownStatus, heldStatus] = await Promise.all([shown.ended, held.ended]);
  report(shown, shownStatus);
  report(held, heldStatus);
  if (shownStatus !== 0) process.exit(shownStatus);
  if (heldStatus !== 0) process.exit(heldStatus);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
