import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../server/project-root.ts";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the production build (build/main.js) on a free port. Without DATABASE_URL it gets
 * a fresh data directory of its own, removed again on stop. `root` runs another checkout's
 * build (the benches compare two versions so).
 */
export async function startServer(
  env: Record<string, string> = {},
  root = projectRoot,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = env.DATABASE_URL ? undefined : await mkdtemp(join(tmpdir(), "promptshelf-e2e-"));
  const child = spawn(process.execPath, ["build/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      // Browser tests sign in dozens of times from one address; the limits have their own tests.
      RATE_LIMIT_SIGN_IN: "100000",
      RATE_LIMIT_WRITES: "100000",
      ...(dataDir ? { DATA_DIR: join(dataDir, "data") } : {}),
      // Several instances on one PostgreSQL must share the secret that seals connections' keys.
      ...(env.DATABASE_URL ? { CONNECTION_SECRET: "shared-test-connection-secret" } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { url, process: child, output: () => output, stop };
}

/**
 * A cold start creates and migrates the database and loads the build: alone on a loaded machine
 * (two cores, a load of 25) one took 177 s, and the browser tests start two at once. The limit is
 * for a server that never comes up (one that exits fails at once), not a race with a slow one.
 */
const readyLimitMs = 600_000;
/** A start slower than this is told on the console, so a loaded machine shows in the output. */
const slowStartMs = 10_000;

/**
 * Resolves once the server answers /readyz (its database is open and it listens), and fails at
 * once if it exits first.
 */
async function waitUntilReady(url: string, child: ChildProcess) {
  const started = performance.now();
  let exited: number | null = child.exitCode;
  child.once("exit", (code) => {
    exited = code ?? -1;
  });
  while (performance.now() - started < readyLimitMs) {
    if (exited !== null) throw new Error(`The server exited with code ${exited}`);
    if (await answersReady(url)) {
      const ms = performance.now() - started;
      if (ms > slowStartMs)
        console.warn(`The server at ${url} was ready after ${Math.round(ms)} ms`);
      return;
    }
    // Asked again as soon as the last question is answered or refused, with a breath between.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server at ${url} was not ready within ${readyLimitMs / 1000} s`);
}

async function answersReady(url: string) {
  try {
    return (await fetch(`${url}/readyz`)).ok;
  } catch {
    return false; // not listening yet
  }
}

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
