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
 */
export function hashPolicy(scriptHashes: string[]) {
  const directives: [string, string[]][] = [
    ["script-src", [...scriptHashes, "'strict-dynamic'"]],
    ...Object.entries(policy).map(([name, values]): [string, string[]] => [
      name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
      values,
    ]),
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/**
 * Scripts run only with this response's nonce. A response that brings its own policy (a page
 * served from memory) keeps it.
 */
export function securityHeaders(options: { https: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: { scriptSrc: [NONCE, "'strict-dynamic'"], ...policy },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginResourcePolicy: "same-origin",
    overwrite: false,
  });
}
