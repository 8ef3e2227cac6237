import { oauthScopes } from "./oauth-scopes.ts";

/** The protected resource OAuth tokens are for: our MCP server. */
export function mcpResource(origin: string) {
  return `${origin}/mcp`;
}

/**
 * Whether an RFC 8707 `resource` names our MCP server. Absent is fine (the token is ours either
 * way); a trailing slash is tolerated, as clients differ on it.
 */
export function isOurResource(origin: string, resource: string | null | undefined) {
  if (resource === null || resource === undefined) return true;
  return resource === mcpResource(origin) || resource === `${mcpResource(origin)}/`;
}

/** RFC 9728 protected resource metadata of /mcp: where MCP clients learn how to get a token. */
export function protectedResourceMetadata(origin: string) {
  return {
    resource: mcpResource(origin),
    authorization_servers: [origin],
    scopes_supported: [...oauthScopes],
    bearer_methods_supported: ["header"],
    resource_name: "PromptShelf",
  };
}

/** RFC 8414 authorization server metadata: public clients only, authorization code with PKCE S256. */
export function authorizationServerMetadata(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    registration_endpoint: `${origin}/oauth/register`,
    revocation_endpoint: `${origin}/oauth/revoke`,
    scopes_supported: [...oauthScopes],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    authorization_response_iss_parameter_supported: true,
  };
}
