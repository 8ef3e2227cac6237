import { NONCE, secureHeaders } from "hono/secure-headers";

/** The Content-Security-Policy, except where scripts may come from. */
const policy = {
  defaultSrc: ["'self'"],
  // Server-rendered components set style="...", so inline styles are allowed; scripts never are.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "https:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
};

/**
 * The policy for a page served from memory: it has no fresh nonce, so its scripts are allowed
 * by the hashes of its own inline scripts ('strict-dynamic' lets them load their modules).
 * Everything else is kept from the policy the page was rendered with.
 */
export function hashPolicy(scriptHashes: string[], rendered: string | null) {
  const scriptSrc = `script-src ${[...scriptHashes, "'strict-dynamic'"].join(" ")}`;
  const others = (rendered ?? "")
    .split(/;\s*/)
    .filter((directive) => directive && !directive.startsWith("script-src "));
  return [scriptSrc, ...others].join("; ");
}

/**
 * Scripts run only with this response's nonce. A response that brings its own policy (a page
 * served from memory) keeps it. Forms may post to this site, and be redirected on to the
 * identity provider's origin when one is given.
 */
export function securityHeaders(options: { https: boolean; signInOrigin?: string }) {
  // Continue with Google posts a form to /auth/login, which redirects to the identity provider;
  // Chrome and Safari hold that redirect to form-action too.
  const formAction = options.signInOrigin
    ? [...policy.formAction, options.signInOrigin]
    : policy.formAction;
  return secureHeaders({
    contentSecurityPolicy: { scriptSrc: [NONCE, "'strict-dynamic'"], ...policy, formAction },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginResourcePolicy: "same-origin",
    overwrite: false,
  });
}

/**
 * The policy for a page whose form's answer redirects away from this site (the OAuth consent
 * page sends the person back to the app that asked): form-action also governs that redirect, so
 * the destination is allowed, for this response alone. Everything else is the usual policy.
 */
export function formRedirectPolicy(options: { nonce: string; formAction: string[] }) {
  const directives: Record<string, string[]> = {
    scriptSrc: [`'nonce-${options.nonce}'`, "'strict-dynamic'"],
    ...policy,
    formAction: [...policy.formAction, ...options.formAction],
  };
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`,
    )
    .join("; ");
}
