import { brotliDecompressSync } from "node:zlib";
import { type RawResponse, rawRequest } from "../../tests/support/raw-request.ts";
import type { RunningServer } from "../../tests/support/start-server.ts";
import type { Latency } from "./bench-results.ts";
import { loadUrlOf } from "./bench-server.ts";
import { percentile } from "./http-session.ts";

export interface TimedAnswer {
  /** From sending the request to the last byte of the answer. */
  ms: number;
  /** The answer's bytes as sent (brotli is asked for, as a browser does). */
  wireBytes: number;
  json: string;
}

/** One signed-in person's API requests, one at a time, each timed and required to succeed. */
export function versionClient(server: RunningServer, cookie: string) {
  const base = `${loadUrlOf(server)}/api/v1/prompts`;
  const send = async (method: string, path: string, body?: unknown): Promise<TimedAnswer> => {
    const headers: Record<string, string> = { cookie };
    if (body !== undefined) {
      // A write must come from our own pages (the CSRF check compares Origin to PUBLIC_URL).
      Object.assign(headers, { origin: server.url, "content-type": "application/json" });
    }
    const started = performance.now();
    const answer = await rawRequest(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const ms = performance.now() - started;
    const json = decoded(answer);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${base}${path} answered ${answer.status}: ${json.slice(0, 300)}`);
    }
    return { ms, wireBytes: answer.body.length, json };
  };
  return {
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown) => send("POST", path, body),
    patch: (path: string, body: unknown) => send("PATCH", path, body),
  };
}

export type VersionClient = ReturnType<typeof versionClient>;

function decoded(answer: RawResponse) {
  const encoding = answer.headers["content-encoding"];
  if (encoding === undefined) return answer.body.toString();
  if (encoding === "br") return brotliDecompressSync(answer.body).toString();
  throw new Error(`unexpected content-encoding ${encoding}`);
}

/** The median and p99 of latencies taken one request at a time, to a tenth of a millisecond. */
export function latencyOf(latencies: number[]): Latency {
  const at = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
  return { requests: latencies.length, p50: at(0.5), p99: at(0.99) };
}
