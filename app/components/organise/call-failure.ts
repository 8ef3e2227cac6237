import { ApiError } from "~/lib/api-client.ts";
import { type FailedAction, noticeFor } from "../../../shared/messages.ts";

/** The catalogue's notice for an API call that failed, by the server's error when it answered. */
export function callFailureNotice(error: unknown, action: FailedAction) {
  return noticeFor(error instanceof ApiError ? error : null, action);
}
