import { browserHeaders } from "../../tests/support/raw-request.ts";
import type { BenchOptions } from "./bench-options.ts";
import type { BenchRoute } from "./bench-routes.ts";
import type { LoadJob } from "./run-load.ts";

/** The load for one route: its method, body, and signed-in people taking turns when it needs them. */
export function routeJob(
  route: BenchRoute,
  loadUrl: string,
  origin: string,
  cookies: string[],
  options: BenchOptions,
): LoadJob {
  const method = route.method ?? "GET";
  return loadJob(
    `${loadUrl}${route.path}`,
    {
      method,
      cookies: route.signedIn ? cookies : [],
      body: route.body,
      // A write must come from our own pages (the CSRF check compares Origin to PUBLIC_URL).
      headers: method === "POST" ? { origin, "content-type": "application/json" } : {},
    },
    options,
  );
}

/** A load of `options.connections` connections for `options.duration` seconds, asking for brotli. */
export function loadJob(
  url: string,
  request: Pick<LoadJob, "method" | "cookies" | "body"> & { headers?: Record<string, string> },
  options: BenchOptions,
): LoadJob {
  return {
    url,
    method: request.method,
    headers: { ...browserHeaders, ...request.headers },
    body: request.body,
    cookies: request.cookies,
    connections: options.connections,
    duration: options.duration,
  };
}
