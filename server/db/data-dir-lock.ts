import { rm } from "node:fs/promises";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: two processes writing one data directory lose writes.
 * The lock is a Unix socket the holder listens on; a crashed holder cannot accept
 * connections, so a stale lock is recognised without trusting pids, which get reused.
 */
export async function lockDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  const socketPath = join(dataDir, "promptshelf.lock");
  const server = createServer((socket) => socket.end(String(process.pid)));
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const holder = await askHolder(socketPath);
    if (holder !== null) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another PromptShelf process (pid ${holder}). ` +
          "Stop it first, or start this one with a different DATA_DIR.",
      );
    }
    await rm(socketPath, { force: true });
    await listen(server, socketPath);
  }
  server.unref();
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function listen(server: Server, path: string) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Resolves with the holder's pid, or null when nobody answers (a stale lock). */
function askHolder(path: string) {
  return new Promise<string | null>((resolve) => {
    let answer = "";
    const socket = connect(path);
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer || "unknown"));
    socket.on("error", () => resolve(null));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve("unknown");
    });
  });
}
