/** The one error type domain code throws; server/http/errors.ts maps codes to HTTP. */
export type ErrorCode =
  | "invalid_input"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "payload_too_large"
  | "rate_limited"
  | "unavailable"
  | "internal";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
