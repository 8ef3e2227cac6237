import type { SharedFinding } from "./secret-scan.ts";

/**
 * What went wrong, as the server says it. The code is the kind of failure, and each maps to one
 * HTTP status (server/http/errors.ts). The detail, when there is one, is the specific reason: what
 * a client acts on (the library pages pick "Please enter prompt content" by it) without reading
 * the message, which is worded for people and free to change.
 */
export type ErrorCode =
  | "invalid_input"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "payload_too_large"
  | "conflict"
  | "rate_limited"
  | "needs_confirmation"
  | "unavailable"
  /** A model service a run called failed or could not be reached (server/workbench/). */
  | "upstream_failed"
  | "internal";

export type ErrorDetail =
  // invalid_input
  | "prompt_content_missing"
  | "prompt_too_long"
  | "use_case_missing"
  | "intent_unknown"
  | "form_unreadable"
  | "body_not_json"
  | "cursor_unknown"
  | "folder_name_taken"
  | "tag_already_on_prompt"
  | "account_email_mismatch"
  | "import_file_invalid"
  | "handle_taken"
  | "handle_reserved"
  | "prompt_not_shared"
  | "prompt_already_in_collection"
  | "token_limit"
  | "team_limit"
  | "team_full"
  | "invitation_unusable"
  | "connection_address_refused"
  | "connection_key_needed"
  | "template_value_missing"
  // forbidden
  | "prompt_not_own"
  | "team_role"
  | "token_read_only"
  | "session_required"
  | "collection_not_own"
  | "suggestions_team_only"
  | "sharing_team_only"
  // not_found
  | "prompt_not_found"
  | "folder_not_found"
  | "tag_not_found"
  | "version_not_found"
  | "original_not_found"
  | "token_not_found"
  | "collection_not_found"
  | "collection_item_not_found"
  | "connection_not_found"
  | "test_not_found"
  | "team_not_found"
  | "invitation_not_found"
  | "label_not_found"
  | "suggestion_not_found"
  // conflict
  | "original_changed"
  | "version_current"
  | "version_purged"
  | "team_needs_owner"
  | "suggestion_decided"
  | "sharing_changed"
  // payload_too_large
  | "import_too_large"
  | "collection_limit"
  | "collection_full"
  | "connection_limit"
  | "label_limit"
  | "suggestion_limit"
  | "team_library_full"
  // rate_limited
  | "import_running"
  | "runs_at_once"
  // needs_confirmation
  | "privacy_findings";

/** An error as the API's body carries it (`{ error: ErrorBody }`) and a page action answers it. */
export interface ErrorBody {
  code: ErrorCode;
  detail?: ErrorDetail;
  message: string;
  /** privacy_findings: what the privacy check found in the text about to be shared. */
  findings?: SharedFinding[];
}
