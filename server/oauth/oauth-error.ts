/** The error codes of RFC 6749 (§4.1.2.1, §5.2), RFC 7591 (§3.2.2) and RFC 8707 (§2) we answer with. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "invalid_scope"
  | "invalid_target"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "access_denied"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "too_many_requests";

/**
 * A refusal by the OAuth endpoints, in the shape their RFCs give: `{ error, error_description }`,
 * or on a redirect, the same names as query parameters. Not an AppError: OAuth clients read
 * these by their RFC code.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
    readonly status: 400 | 401 | 429 = 400,
  ) {
    super(description);
  }

  body() {
    return { error: this.error, error_description: this.message };
  }
}
