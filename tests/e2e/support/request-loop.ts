import { Agent, request } from "node:http";

/** What became of one request sent while the server shut down. */
export type Outcome =
  | { kind: "completed"; status: number }
  /** Refused or dropped before any response began: the server was no longer taking it. */
  | { kind: "not taken"; code: string }
  /** A response began and did not finish: what a graceful shutdown must never do. */
  | { kind: "cut"; code: string };

/** Sends GET requests over kept-alive connections, as a browser or load balancer would. */
export function get(agent: Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ kind: "completed", status: res.statusCode ?? 0 }));
      res.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ kind: "cut", code: error.code ?? error.message }),
      );
      res.on("aborted", () => resolve({ kind: "cut", code: "aborted" }));
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ kind: "not taken", code: error.code ?? error.message }),
    );
    req.end();
  });
}

/** `connections` loops requesting `paths` in turn until `stop` says so. */
export async function requestLoop(options: {
  origin: string;
  paths: string[];
  connections: number;
  stop: () => boolean;
  onOutcome: (outcome: Outcome, at: number) => void;
}) {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const loop = async (offset: number) => {
    for (let n = offset; !options.stop(); n++) {
      const path = options.paths[n % options.paths.length] ?? "/";
      const outcome = await get(agent, `${options.origin}${path}`);
      options.onOutcome(outcome, performance.now());
      if (outcome.kind !== "completed") await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => loop(index)));
  agent.destroy();
}
