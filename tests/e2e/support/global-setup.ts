import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type FullConfig } from "@playwright/test";
import { projectRoot } from "../../../server/project-root.ts";
import { type RunningServer, startServer } from "../../support/start-server.ts";
import { startRealDataServer } from "./real-data-server.ts";

/**
 * Two production servers with fresh data directories for the whole browser run: one most tests
 * fill as they go, and one holding the 1,529 real prompts (real-data-server.ts). Starting the
 * real data once, rather than in each worker for each file that wants it, saved about a minute.
 */
export default async function globalSetup(config: FullConfig) {
  if (!existsSync(join(projectRoot, "build/main.js"))) {
    throw new Error("No production build: run `npm run build` first (npm run test:e2e does).");
  }
  const started: [string, RunningServer][] = [];
  const stopAll = async () => {
    await Promise.all(started.map(([, server]) => server.stop()));
    // Kept for diagnosing failures: each server's own log of the whole run.
    await mkdir(join(projectRoot, "test-results"), { recursive: true });
    for (const [name, server] of started) {
      await writeFile(join(projectRoot, `test-results/${name}.log`), server.output());
    }
  };
  try {
    await Promise.all([
      startServer().then((server) => {
        started.push(["server", server]);
        process.env.E2E_BASE_URL = server.url;
      }),
      startRealDataServerWithBrowser(config).then((server) => {
        started.push(["real-data-server", server]);
        process.env.E2E_REAL_DATA_URL = server.url;
      }),
    ]);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

async function startRealDataServerWithBrowser(config: FullConfig) {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    return await startRealDataServer(browser);
  } finally {
    await browser.close();
  }
}
