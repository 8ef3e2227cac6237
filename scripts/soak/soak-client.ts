import { browserHeaders } from "../../tests/support/raw-request.ts";
import type { Kind, soakRecorder } from "./soak-recorder.ts";

export interface Answer {
  /** The response, its body already read into `body`. */
  response: Response;
  status: number;
  body: string;
  url: URL;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** The statuses this step wants; anything else below 500 counts as an error. */
  expect: number[];
}

const timeoutMs = 30_000;

/**
 * Sends one request the way a browser would (asking for brotli, following no redirect by
 * itself), times it to the last byte of the body, and records the outcome. Requests go to the
 * loopback address the server listens on, whatever host the server's own links name.
 */
export function soakClient(options: {
  /** The site's public origin (http://localhost:port): links and the CSRF check use it. */
  origin: string;
  recorder: ReturnType<typeof soakRecorder>;
}) {
  const { origin, recorder } = options;
  return {
    origin,
    async send(kind: Kind, target: string | URL, init: SendOptions): Promise<Answer | null> {
      const url = new URL(target, origin);
      if (url.hostname === "localhost") url.hostname = "127.0.0.1";
      const method = init.method ?? "GET";
      const request = `${method} ${pathPattern(url)}`;
      const began = performance.now();
      try {
        const response = await fetch(url, {
          method,
          headers: { ...browserHeaders, ...init.headers },
          body: init.body,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await response.text();
        const ms = performance.now() - began;
        const expected = init.expect.includes(response.status);
        recorder.response(kind, ms, request, response.status, expected, body);
        return { response, status: response.status, body, url };
      } catch (error) {
        const reason =
          error instanceof Error
            ? ((error.cause as Error | undefined)?.message ?? error.message)
            : String(error);
        recorder.failure(request, reason);
        return null;
      }
    },
  };
}

export type SoakClient = ReturnType<typeof soakClient>;

/** The path with its ids left out (and its query, but for the API's), one line per route. */
function pathPattern(url: URL) {
  const path = url.pathname
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")
    .replace(/^(\/dev-idp\/(?:interaction|auth))\/[\w-]+$/, "$1/:uid");
  return url.pathname.startsWith("/api/") ? `${path}${url.search}` : path;
}
