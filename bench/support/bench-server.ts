import { type RunningServer, startServer } from "../../tests/support/start-server.ts";
import type { BenchTarget } from "./bench-options.ts";

/** The production server's environment on a bench database. */
export function benchServerEnv(target: BenchTarget, location: string): Record<string, string> {
  return {
    ...(target.driver === "pglite" ? { DATA_DIR: location } : { DATABASE_URL: location }),
    // The living community's writer is one person sharing up to 10 prompts a second (600 a
    // minute), the write route's load is hundreds a second and the version history's edits are
    // thousands in a row; the default limit would refuse them.
    RATE_LIMIT_WRITES: "1000000",
  };
}

/** Runs `use` on the production server started with `env`, and stops it after. */
export async function withServer<T>(
  env: Record<string, string>,
  use: (server: RunningServer) => Promise<T>,
) {
  const server = await startServer(env);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

/** The loopback address to send requests to; the server's public origin names localhost. */
export function loadUrlOf(server: RunningServer) {
  return server.url.replace("//localhost:", "//127.0.0.1:");
}
