import { startServer } from "../support/start-server.ts";
import { type Outcome, requestLoop } from "./support/request-loop.ts";
import { expect, test } from "./support/test.ts";

// SIGTERM while 16 connections keep the production server busy: what a deploy does.
test("SIGTERM under load: readiness turns 503 first, in-flight requests finish, exit 0", async () => {
  test.slow();
  const server = await startServer({ SHUTDOWN_DELAY_MS: "1000" });
  const outcomes: Outcome[] = [];
  const readiness: { status: number | string; at: number }[] = [];
  let exitedAt = Number.POSITIVE_INFINITY;
  const exited = new Promise<number | null>((resolve) =>
    server.process.once("exit", (code) => {
      exitedAt = performance.now();
      resolve(code);
    }),
  );
  const stop = () => performance.now() > exitedAt;

  const load = requestLoop({
    origin: server.url,
    paths: ["/", "/claude-prompt-library", "/api/v1/session", "/central", "/healthz"],
    connections: 16,
    stop,
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  const poll = requestLoop({
    origin: server.url,
    paths: ["/readyz"],
    connections: 1,
    stop,
    onOutcome: (outcome, at) =>
      readiness.push({ at, status: outcome.kind === "completed" ? outcome.status : outcome.code }),
  });

  // The signal comes once the server is answering under load, however busy the machine (a fixed
  // 1.5 s saw only 42 answers while the other browser tests ran).
  await expect
    .poll(() => outcomes.filter((outcome) => outcome.kind === "completed").length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(50);
  const signalledAt = performance.now();
  server.process.kill("SIGTERM");
  const code = await exited;
  await Promise.all([load, poll]);
  await server.stop();

  expect(code).toBe(0);
  expect(outcomes.filter((outcome) => outcome.kind === "cut")).toEqual([]);
  const statuses = outcomes.flatMap((outcome) =>
    outcome.kind === "completed" ? [outcome.status] : [],
  );
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  // Refusals come only once the server has stopped accepting, after readiness said 503.
  const afterSignal = readiness.filter((entry) => entry.at > signalledAt);
  const firstNotReady = afterSignal.findIndex((entry) => entry.status !== 200);
  expect(afterSignal[firstNotReady]?.status).toBe(503);
  const count = (kind: Outcome["kind"]) =>
    outcomes.filter((outcome) => outcome.kind === kind).length;
  test.info().annotations.push({
    type: "figures",
    description: `${count("completed")} completed, ${count("not taken")} refused after close, ${count("cut")} cut`,
  });
});
