import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../../../server/project-root.ts";
import { type RunningServer, startServer } from "../../support/start-server.ts";

/**
 * A server of its own whose community holds the 1,529 real prompts: `npm run seed` shares them
 * and files them under the topics.
 */
export async function startSeededServer(): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "promptshelf-seeded-"));
  const env = { DATA_DIR: join(dataDir, "data") };
  await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    cwd: projectRoot,
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
  });
  const server = await startServer(env);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
