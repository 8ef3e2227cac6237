import type { ErrorBody, ErrorCode, ErrorDetail } from "../shared/error-codes.ts";
import { unavailableText } from "../shared/messages.ts";
import type { SharedFinding } from "../shared/secret-scan.ts";
import { limitRefusal } from "./db/limit-refusals.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";

export type { ErrorCode, ErrorDetail };

/**
 * The one error type domain code throws: a code (server/http/errors.ts maps it to HTTP), a
 * message for people, and for a reason a client acts on, a detail code.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: ErrorDetail,
    /** What the privacy check found, for a refusal to share without confirmation. */
    readonly findings?: SharedFinding[],
  ) {
    super(message);
  }
}

/** The error as the API's body and a page action's answer carry it; no detail key without one. */
export function errorBody(error: AppError): ErrorBody {
  return {
    code: error.code,
    ...(error.detail === undefined ? {} : { detail: error.detail }),
    message: error.message,
    ...(error.findings === undefined ? {} : { findings: error.findings }),
  };
}

/**
 * The AppError an error stands for: itself, a library limit the database refused, "unavailable"
 * for a database outage, else none.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const refused = limitRefusal(error);
  if (refused) return new AppError(refused.code, refused.message, refused.detail);
  if (isDatabaseUnavailable(error)) return new AppError("unavailable", unavailableText);
  return null;
}
