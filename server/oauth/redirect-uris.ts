export const redirectUrisMax = 10;
export const redirectUriMaxLength = 2000;

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Schemes that would run or read something in the browser rather than hand a code to an app. */
const refusedSchemes = new Set(["javascript:", "data:", "file:", "vbscript:", "blob:", "about:"]);

/**
 * Why a redirect URI cannot be registered, or null when it can: https anywhere; http only back to
 * this device (loopback, RFC 8252 §7.3); a desktop app's own scheme (cursor://, vscode://,
 * RFC 8252 §7.1), but never one that runs or reads something in the browser. No fragment
 * (RFC 6749 §3.1.2) and no credentials in it.
 */
export function redirectUriProblem(value: string): string | null {
  if (value.length > redirectUriMaxLength) {
    return `A redirect URI is at most ${redirectUriMaxLength} characters`;
  }
  const url = URL.parse(value);
  if (!url) return `Not a URL: ${value}`;
  if (url.hash || value.includes("#")) return "A redirect URI may not have a fragment";
  if (url.username || url.password) return "A redirect URI may not carry credentials";
  if (url.protocol === "https:") return url.hostname ? null : "An https redirect URI needs a host";
  if (url.protocol === "http:") {
    return loopbackHosts.has(url.hostname)
      ? null
      : "An http redirect URI must point at this device (localhost or 127.0.0.1); use https";
  }
  if (refusedSchemes.has(url.protocol) || !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) {
    return `Redirect URIs with ${url.protocol} are not allowed`;
  }
  return null;
}

/**
 * Whether a redirect URI in an authorization request is one the client registered: the same
 * string, except that a loopback URI may name any port (RFC 8252 §7.3, OAuth 2.1 §8.4.2), since
 * a desktop app listens wherever the system lets it.
 */
export function redirectUriMatches(requested: string, registered: string) {
  if (requested === registered) return true;
  const asked = URL.parse(requested);
  const known = URL.parse(registered);
  if (!asked || !known || asked.protocol !== "http:" || known.protocol !== "http:") return false;
  if (!loopbackHosts.has(asked.hostname)) return false;
  return (
    asked.hostname === known.hostname &&
    asked.pathname === known.pathname &&
    asked.search === known.search &&
    !asked.username &&
    !asked.password &&
    !requested.includes("#")
  );
}

/**
 * The Content-Security-Policy source that lets the consent form's answer go to this redirect
 * URI (form-action also governs where a form's response redirects): its origin, or for an app's
 * own scheme, the scheme. Both come from the URL parser, so they cannot carry `;` or spaces.
 */
export function formActionSource(redirectUri: string) {
  const url = new URL(redirectUri);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
}

/** What the consent page names as where the person is sent back: a host, or an app's scheme. */
export function redirectTarget(redirectUri: string) {
  const url = new URL(redirectUri);
  return url.protocol === "http:" || url.protocol === "https:"
    ? url.host
    : `${url.protocol}${url.host ? `//${url.host}` : ""}`;
}
