import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type AppError, type ErrorCode, errorBody } from "../errors.ts";

export const statusFor: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  conflict: 409,
  rate_limited: 429,
  needs_confirmation: 422,
  unavailable: 503,
  upstream_failed: 502,
  internal: 500,
};

/** The API's error body: { error: { code, detail?, message } }. */
export function errorResponse(c: Context, error: AppError) {
  return c.json({ error: errorBody(error) }, statusFor[error.code]);
}
