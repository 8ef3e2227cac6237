import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { projectRoot } from "../../server/project-root.ts";
import { freePort } from "../../tests/support/start-server.ts";

export interface ServerProcess {
  /** Where requests go: the loopback address the server listens on. */
  baseUrl: string;
  /** PUBLIC_URL: what the Origin header of a write must name. */
  origin: string;
  /** From spawning the process to the first ready answer on /readyz. */
  readyMs: number;
  output(): string;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown a deployment would do. */
  stop(): Promise<void>;
}

/** The server exited or never became ready: the database did not reopen. */
export class NotReadyError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

const buildFiles = ["build/main.js", "build/server/index.js"].map((file) =>
  join(projectRoot, file),
);
const readyTimeoutMs = 60_000;
const startAttempts = 5;
const running = new Set<ChildProcess>();

// A chaos run that is interrupted must not leave a server holding the data directory.
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts the production build on a free port and waits until it is ready. A start that fails
 * only because build/ is being rebuilt at that moment is retried; it says nothing about the data.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    await waitForBuild();
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const baseUrl = `http://127.0.0.1:${port}`;
    const began = performance.now();
    const child = spawn(process.execPath, [buildFiles[0] as string], {
      cwd: projectRoot,
      env: serverEnv({ ...env, PORT: String(port), PUBLIC_URL: origin }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(child);
    child.once("exit", () => running.delete(child));
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const problem = await waitUntilReady(baseUrl, child);
    if (!problem) {
      const readyMs = performance.now() - began;
      return {
        baseUrl,
        origin,
        readyMs,
        output: () => output,
        kill: () => signal(child, "SIGKILL"),
        stop: () => signal(child, "SIGTERM"),
      };
    }
    await signal(child, "SIGKILL");
    if (attempt < startAttempts && buildWasIncomplete(output)) {
      await sleep(2000);
      continue;
    }
    throw new NotReadyError(problem, output);
  }
}

function serverEnv(overrides: Record<string, string>) {
  // The database comes from `overrides` alone: an inherited DATABASE_URL would take over DATA_DIR.
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    // The writers add prompts far faster than a person; the limits have their own tests.
    RATE_LIMIT_WRITES: "1000000",
    RATE_LIMIT_SIGN_IN: "1000000",
    SHUTDOWN_DELAY_MS: "0",
    // Required on PostgreSQL (it seals model connections' keys); unused by the chaos writers.
    CONNECTION_SECRET: "chaos-connection-secret-00000001",
    ...overrides,
  };
}

/** Resolves with what went wrong, or null once /readyz answers 200. */
async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<string | null> {
  const deadline = performance.now() + readyTimeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      return `the server exited (${child.exitCode ?? child.signalCode}) before it was ready`;
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.ok) return null;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  return `the server was not ready within ${readyTimeoutMs / 1000} s`;
}

async function waitForBuild() {
  const deadline = Date.now() + 10 * 60_000;
  while (!buildFiles.every((file) => existsSync(file))) {
    if (Date.now() > deadline) throw new Error("build/ is missing: run npm run build");
    await sleep(1000);
  }
}

function buildWasIncomplete(output: string) {
  return (
    !buildFiles.every((file) => existsSync(file)) ||
    /ERR_MODULE_NOT_FOUND|Cannot find module|SyntaxError/.test(output)
  );
}

async function signal(child: ChildProcess, name: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(name);
  await exited;
}
