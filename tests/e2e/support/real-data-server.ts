import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser } from "@playwright/test";
import { projectRoot } from "../../../server/project-root.ts";
import { type RunningServer, startServer } from "../../support/start-server.ts";
import { signIn } from "./sign-in.ts";

/** The 1,529 real prompts the product is judged on. */
export const realPromptsFile = join(projectRoot, "seed/prompts.csv");

/** The development sign-in's administrator, whose own library holds the real prompts too. */
export const realDataReader = { email: "admin@example.com", name: "Carol De Vries" };

/**
 * A server of its own with real data: `npm run seed` fills the community (and so every topic and
 * landing page), and the reader imports prompts.csv into a private library.
 */
export async function startRealDataServer(browser: Browser): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "promptshelf-screens-"));
  const env = { DATA_DIR: join(dataDir, "data") };
  await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    cwd: projectRoot,
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
  });
  const server = await startServer(env);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await signIn(page, realDataReader);
    const imported = await page.request.post("/api/v1/import", {
      data: await readFile(realPromptsFile, "utf8"),
      headers: { "content-type": "text/csv" },
    });
    if (imported.status() !== 201) throw new Error(`import answered ${imported.status()}`);
  } finally {
    await context.close();
  }
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
