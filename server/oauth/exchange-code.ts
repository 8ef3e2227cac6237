import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { accessScopeOf } from "../../shared/access-tokens.ts";
import { sha256 } from "../auth/tokens.ts";
import type { Database } from "../db/client.ts";
import { oauthCodes } from "../db/schema.ts";
import { OAuthError } from "./oauth-error.ts";
import { assertOurResource, createGrant, requestingClient } from "./oauth-grant.ts";

/** A PKCE code verifier (RFC 7636 §4.1). */
const verifierShape = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * grant_type=authorization_code: the code is taken out of the database as it is read (one
 * DELETE ... RETURNING), so it works once, even against two requests at the same moment; a
 * failed check has used it up too. Then it must be this client's, unexpired, for the same
 * redirect URI, and the verifier must hash to the challenge.
 */
export async function exchangeCode(options: {
  db: Database;
  origin: string;
  form: URLSearchParams;
}) {
  const { db, form } = options;
  const client = await requestingClient(db, form);
  const code = form.get("code");
  const verifier = form.get("code_verifier");
  if (!code) throw new OAuthError("invalid_request", "code is required");
  if (!verifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE)");
  assertOurResource(options.origin, form);
  const [grant] = await db
    .delete(oauthCodes)
    .where(eq(oauthCodes.codeHash, sha256(code)))
    .returning();
  const invalid = (why: string) => new OAuthError("invalid_grant", why);
  if (!grant) throw invalid("The code is unknown or was already used");
  if (grant.clientId !== client.id) throw invalid("The code was issued to another client");
  if (grant.expiresAt.getTime() <= Date.now()) throw invalid("The code has expired");
  const redirectUri = form.get("redirect_uri");
  if (redirectUri !== null && redirectUri !== grant.redirectUri) {
    throw invalid("redirect_uri differs from the authorization request's");
  }
  if (!verifierShape.test(verifier) || !matchesChallenge(verifier, grant.codeChallenge)) {
    throw invalid("code_verifier does not match the code challenge");
  }
  return createGrant({
    db,
    userId: grant.userId,
    client,
    scope: accessScopeOf(grant.scope),
  });
}

function matchesChallenge(verifier: string, challenge: string) {
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
