/** A failed API call, with the server's error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the JSON API from the page (same origin, so the session cookie and our Origin go along). */
export async function api<T = void>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
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
    const error = (parsed as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "unknown",
      error?.message ?? "Something went wrong",
    );
  }
  return parsed as T;
}

/** The message to show for a failed call: the server's words for input problems, else a fallback. */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && error.code === "invalid_input" ? error.message : fallback;
}
