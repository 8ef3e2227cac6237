export const redirectUrisMax = 10;
export const redirectUriMaxLength = 2000;

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A native app's own scheme as RFC 8252 §7.1 asks for it: a domain name the app's maker holds,
 * reversed (`com.example.app:`). No browser gives such a scheme a meaning of its own.
 */
const reverseDomainScheme = /^[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+:$/;

/**
 * The MCP clients that registered a scheme of one word before that rule was theirs to follow,
 * kept so that they still connect. Nothing else of one word is taken: such schemes are where
 * browsers keep what runs or reads something in the browser (javascript:, data:, blob:,
 * filesystem:, view-source:, chrome:, about:…).
 */
const nativeAppSchemes = new Set(["cursor:", "vscode:", "vscode-insiders:"]);

/**
 * Why a redirect URI cannot be registered, or null when it can. Only what RFC 8252 and the MCP
 * authorization spec allow: https anywhere (a browser extension's https://<id>.chromiumapp.org/
 * too); http only back to this device (loopback, RFC 8252 §7.3); a desktop app's own scheme in
 * reverse-domain form (§7.1), or one of the MCP clients' known ones. No fragment (RFC 6749
 * §3.1.2) and no credentials in it.
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
  if (reverseDomainScheme.test(url.protocol) || nativeAppSchemes.has(url.protocol)) return null;
  return `Redirect URIs with ${url.protocol} are not allowed: use https, http to this device, or an app's own scheme named after its domain, reversed (com.example.app:)`;
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
