import type { ErrorBody } from "../../shared/error-codes.ts";
import type { SharedFinding } from "../../shared/secret-scan.ts";

/**
 * A failed API call, with the server's error code, detail code (if any) and message, and for a
 * privacy check's refusal what it found.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail?: string,
    readonly findings?: SharedFinding[],
  ) {
    super(message);
  }
}

/**
 * Calls the JSON API from the page (same origin, so the session cookie and our Origin go along).
 * A call given a signal can be abandoned: it then rejects, and its caller knows why by the signal.
 */
export async function api<T = void>(
  method: string,
  path: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal: options.signal,
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "unavailable", "The request failed");
  }
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const error = (parsed as { error?: Partial<ErrorBody> } | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "unknown",
      error?.message ?? "Something went wrong",
      error?.detail,
      error?.findings,
    );
  }
  return parsed as T;
}
