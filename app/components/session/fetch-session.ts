import type { SessionUser } from "../../../shared/session-user.ts";

const retryable = new Set([502, 503, 504]);
const firstRetryMs = 200;
const attempts = 5;

/**
 * GET /api/v1/session. Gateway and availability errors are retried with back-off from 200 ms,
 * doubling. Resolves undefined when no answer came, so callers keep their last known state.
 */
export async function fetchSession(): Promise<SessionUser | null | undefined> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const response = await fetch("/api/v1/session", { headers: { accept: "application/json" } });
      if (response.ok) return (await response.json()) as SessionUser | null;
      if (!retryable.has(response.status)) return undefined;
    } catch {
      // offline or the connection dropped: retry like a 503
    }
    await new Promise((resolve) => setTimeout(resolve, firstRetryMs * 2 ** attempt));
  }
  return undefined;
}
