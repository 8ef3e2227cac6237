import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { projectRoot } from "../../server/project-root.ts";

export interface ShareJob {
  /** Where to POST (the loopback address the server listens on). */
  url: string;
  /** The site's public origin, which the CSRF check compares Origin to. */
  origin: string;
  cookie: string;
  /** Shares a second, sent on a fixed schedule whatever the answers take. */
  rate: number;
  /** The most shares waiting for an answer at once; a share due past it is skipped and counted. */
  maxInFlight: number;
  /** The use case (and so title) every share carries, so the run can remove them after. */
  useCase: string;
}

export interface Window {
  from: number;
  to: number;
}

/** What the writer did in some windows of time, counting each share by the moment it was due. */
export interface ShareFigures {
  askedRate: number;
  seconds: number;
  /** Shares due in the windows: sent, and skipped because `maxInFlight` were still unanswered. */
  due: number;
  skipped: number;
  /** 2xx answers a second. */
  achievedRate: number;
  /** From the moment a share was due to the last byte of its answer, in ms; null for none. */
  p50: number | null;
  p99: number | null;
  /** Non-2xx answers and shares that got no answer (socket error, 30 s timeout). */
  errors: number;
  statusCodes: Record<string, number>;
}

export type ShareMessage =
  | { type: "figures"; windows: Window[] }
  | { type: "stop" }
  | { type: "started" }
  | { type: "answer"; figures: ShareFigures };

const worker = fileURLToPath(new URL("./share-worker.ts", import.meta.url));

/**
 * Starts the writer (bench/support/share-worker.ts) in a process of its own, so it shares an
 * event loop with neither the server nor the reader load, and resolves once it is sharing.
 */
export async function startSharer(job: ShareJob) {
  const child = spawn(process.execPath, ["--import", "tsx", worker, JSON.stringify(job)], {
    cwd: projectRoot,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await reply(child, "started");
  return {
    /** Its figures over these windows (a share still unanswered is waited for first). */
    async figures(windows: Window[]): Promise<ShareFigures> {
      child.send({ type: "figures", windows } satisfies ShareMessage);
      const message = await reply(child, "answer");
      return (message as Extract<ShareMessage, { type: "answer" }>).figures;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.send({ type: "stop" } satisfies ShareMessage);
      await exited;
    },
  };
}

export type Sharer = Awaited<ReturnType<typeof startSharer>>;

/** The worker's next message, which must be of this type; an error if it exits first. */
async function reply(child: ChildProcess, type: ShareMessage["type"]) {
  // Aborted once either comes, so no listener is left behind on the child.
  const done = new AbortController();
  try {
    const message = await Promise.race([
      once(child, "message", { signal: done.signal }).then(([sent]) => sent as ShareMessage),
      once(child, "exit", { signal: done.signal }).then(([code]) => {
        throw new Error(`the share worker exited with ${code} before its "${type}" message`);
      }),
    ]);
    if (message.type !== type) {
      throw new Error(`the share worker sent "${message.type}", not "${type}"`);
    }
    return message;
  } finally {
    done.abort();
  }
}
