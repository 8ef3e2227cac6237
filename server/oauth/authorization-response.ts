import type { OAuthErrorCode } from "./oauth-error.ts";

/**
 * The redirect that answers an authorization request: the client's redirect URI with the
 * answer's parameters added to its query, the state given back unchanged, and `iss` naming us
 * (RFC 9207), so a client talking to several servers knows which one answered.
 */
export function authorizationRedirect(options: {
  redirectUri: string;
  state: string | undefined;
  origin: string;
  params: Record<string, string>;
}) {
  const url = new URL(options.redirectUri);
  for (const [name, value] of Object.entries(options.params)) url.searchParams.set(name, value);
  if (options.state !== undefined) url.searchParams.set("state", options.state);
  url.searchParams.set("iss", options.origin);
  return url.href;
}

/** The same redirect carrying a refusal (RFC 6749 §4.1.2.1). */
export function authorizationErrorRedirect(
  options: Omit<Parameters<typeof authorizationRedirect>[0], "params">,
  error: OAuthErrorCode,
  description: string,
) {
  return authorizationRedirect({
    ...options,
    params: { error, error_description: description },
  });
}
