/**
 * The OAuth endpoints MCP clients post to from their own origins, or from hosted connectors'
 * servers on behalf of many people (oauth-routes.ts). They never read a cookie: the cross-site
 * check has nothing to protect there (csrf.ts), and they spend nobody's writes
 * (rate-limit-middleware.ts; registration has its own limit). The consent page's own form,
 * /oauth/authorize, is not among them: it acts as the signed-in person.
 */
export const oauthClientEndpoints: ReadonlySet<string> = new Set([
  "/oauth/register",
  "/oauth/token",
  "/oauth/revoke",
]);
