import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { projectRoot } from "../../../server/project-root.ts";
import { startServer } from "../../support/start-server.ts";

/** One production server with a fresh data directory for the whole browser run. */
export default async function globalSetup() {
  if (!existsSync(join(projectRoot, "build/main.js"))) {
    throw new Error("No production build: run `npm run build` first (npm run test:e2e does).");
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    // Kept for diagnosing failures: the server's own log of the whole run.
    await mkdir(join(projectRoot, "test-results"), { recursive: true });
    await writeFile(join(projectRoot, "test-results/server.log"), server.output());
  };
}
