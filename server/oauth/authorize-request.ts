import type { AccessScope } from "../../shared/access-tokens.ts";
import type { Database } from "../db/client.ts";
import { authorizationErrorRedirect } from "./authorization-response.ts";
import { findClient } from "./find-client.ts";
import { isOurResource } from "./oauth-metadata.ts";
import { accessForScope } from "./oauth-scopes.ts";
import { redirectUriMatches } from "./redirect-uris.ts";

/** An authorization request that may be shown to the person for consent. */
export interface AuthorizeRequest {
  client: { id: string; name: string };
  redirectUri: string;
  access: AccessScope;
  codeChallenge: string;
  state: string | undefined;
}

export type AuthorizeCheck =
  | { outcome: "consent"; request: AuthorizeRequest }
  /** Not sent back: the client or its redirect URI is unknown, so nowhere is safe to go. */
  | { outcome: "refused"; problem: string }
  /**
   * A fault the client made: the page says what, and offers a link back to the client's
   * registered redirect URI with the error (RFC 6749 §4.1.2.1). It is never followed by itself:
   * anyone may register a client, so an automatic redirect would make this page a way to send
   * people anywhere from our address (RFC 9700 §4.11.2).
   */
  | { outcome: "fault"; problem: string; location: string };

const params = [
  "client_id",
  "redirect_uri",
  "response_type",
  "code_challenge",
  "code_challenge_method",
  "scope",
  "state",
  "resource",
] as const;

/** An S256 challenge: base64url of a SHA-256 digest, 43 characters (RFC 7636 §4.2). */
const s256Challenge = /^[A-Za-z0-9_-]{43}$/;

/**
 * Checks an authorization request (the query of /oauth/authorize, as the consent page's loader
 * and its action both receive it). The client and the redirect URI come first: until both are
 * known to belong together, an error is shown here and the browser goes nowhere. Every later
 * problem is sent back to the client. PKCE with S256 is required; `plain` and no challenge are
 * refused.
 */
export async function checkAuthorizeRequest(options: {
  db: Database;
  origin: string;
  query: URLSearchParams;
}): Promise<AuthorizeCheck> {
  const { query, origin } = options;
  const client = await findClient(options.db, query.get("client_id"));
  if (!client || query.getAll("client_id").length > 1) {
    return { outcome: "refused", problem: "The app asking is not registered with PromptShelf." };
  }
  const asked = query.get("redirect_uri");
  const redirectUri =
    asked === null
      ? client.redirectUris.length === 1
        ? client.redirectUris[0]
        : undefined
      : client.redirectUris.some((registered) => redirectUriMatches(asked, registered))
        ? asked
        : undefined;
  if (!redirectUri || query.getAll("redirect_uri").length > 1) {
    return {
      outcome: "refused",
      problem: "The app asked to send you back to an address it did not register.",
    };
  }

  const state = query.get("state") ?? undefined;
  const refuse = (
    error: "invalid_request" | "invalid_scope" | "invalid_target" | "unsupported_response_type",
    description: string,
  ) => ({
    outcome: "fault" as const,
    problem: description,
    location: authorizationErrorRedirect({ redirectUri, state, origin }, error, description),
  });
  const repeated = params.find((name) => query.getAll(name).length > 1);
  if (repeated) return refuse("invalid_request", `${repeated} is given more than once`);
  if (query.get("response_type") !== "code") {
    return refuse("unsupported_response_type", "Only response_type=code is supported");
  }
  const codeChallenge = query.get("code_challenge");
  if (!codeChallenge) return refuse("invalid_request", "code_challenge is required (PKCE)");
  if (query.get("code_challenge_method") !== "S256") {
    return refuse("invalid_request", "code_challenge_method must be S256");
  }
  if (!s256Challenge.test(codeChallenge)) {
    return refuse("invalid_request", "code_challenge is not an S256 challenge");
  }
  const access = accessForScope(query.get("scope"));
  if (!access) return refuse("invalid_scope", "Scope may be prompts:read and prompts:write");
  if (!isOurResource(origin, query.get("resource"))) {
    return refuse("invalid_target", "The resource is not this server's MCP endpoint");
  }
  return {
    outcome: "consent",
    request: {
      client: { id: client.id, name: client.name },
      redirectUri,
      access,
      codeChallenge,
      state,
    },
  };
}
