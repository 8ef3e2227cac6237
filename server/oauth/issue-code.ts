import { randomToken, sha256 } from "../auth/tokens.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { oauthCodes } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { assertTokenMay } from "../tokens/token-access.ts";
import { authorizationErrorRedirect, authorizationRedirect } from "./authorization-response.ts";
import type { AuthorizeRequest } from "./authorize-request.ts";

export const codeLifetimeMs = 10 * 60 * 1000;

/**
 * The person allowed the client: a single-use code, of which only the hash is kept, bound to the
 * person, the client, the redirect URI, the PKCE challenge and the access granted. Answers where
 * the browser goes next. Only a signed-in browser may consent, never an access token.
 */
export async function issueCode(options: {
  db: Database;
  viewer: Viewer | null;
  request: AuthorizeRequest;
  origin: string;
}) {
  const viewer = requireViewer(options.viewer);
  assertTokenMay(viewer, "manage");
  const { request } = options;
  const code = randomToken();
  await options.db.insert(oauthCodes).values({
    codeHash: sha256(code),
    clientId: request.client.id,
    userId: viewer.userId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scope: request.access,
    expiresAt: new Date(Date.now() + codeLifetimeMs),
  });
  return authorizationRedirect({
    redirectUri: request.redirectUri,
    state: request.state,
    origin: options.origin,
    params: { code },
  });
}

/** The person said no: the client hears access_denied, and nothing is kept. */
export function denyAuthorization(options: { request: AuthorizeRequest; origin: string }) {
  const { request } = options;
  return authorizationErrorRedirect(
    { redirectUri: request.redirectUri, state: request.state, origin: options.origin },
    "access_denied",
    "The person declined to connect this app",
  );
}
