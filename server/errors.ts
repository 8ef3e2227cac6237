import { unavailableText } from "../shared/messages.ts";
import { limitRefusal } from "./db/limit-refusals.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";

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

/**
 * The AppError an error stands for: itself, a library limit the database refused, "unavailable"
 * for a database outage, else none.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const refused = limitRefusal(error);
  if (refused) return new AppError(refused.code, refused.message);
  if (isDatabaseUnavailable(error)) return new AppError("unavailable", unavailableText);
  return null;
}
