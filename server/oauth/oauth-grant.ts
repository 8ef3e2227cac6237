import { randomUUID } from "node:crypto";
import type { AccessScope } from "../../shared/access-tokens.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import type { Database } from "../db/client.ts";
import { accessTokens } from "../db/schema.ts";
import { newTokenSecret } from "../tokens/access-tokens.ts";
import { isUuid } from "../uuid.ts";
import { findClient } from "./find-client.ts";
import { OAuthError } from "./oauth-error.ts";
import { isOurResource } from "./oauth-metadata.ts";
import { scopeForAccess } from "./oauth-scopes.ts";

/** An OAuth access token lasts an hour; its client refreshes it. */
export const accessTokenLifetimeMs = 60 * 60 * 1000;
/**
 * A grant whose tokens nobody used or refreshed for 30 days is over: its refresh token is
 * refused (and housekeeping deletes it). Kept as the row's last use, so no column is needed.
 */
export const grantIdleLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * A refresh token as its client holds it, and the hash that alone is stored. It names its grant
 * (`psr_<grant id>_<secret>`), so that one presented after it was rotated out is known for
 * whose it was, and that grant ended (RFC 9700 §4.14.2): refresh-grant.ts.
 */
export function newRefreshSecret(grantId: string) {
  const token = `psr_${grantId}_${randomToken()}`;
  return { token, hash: sha256(token) };
}

/** The grant a refresh token names, or null for one that names none (made before they did). */
export function grantNamedBy(refreshToken: string) {
  const [, grantId] = /^psr_([0-9a-f-]{36})_/.exec(refreshToken) ?? [];
  return isUuid(grantId) ? grantId : null;
}

/** A token request's client: public clients say only who they are (client_id). */
export async function requestingClient(db: Database, form: URLSearchParams) {
  const client = await findClient(db, form.get("client_id"));
  if (!client) throw new OAuthError("invalid_client", "Unknown client_id", 401);
  return client;
}

/** A token request may name the resource it wants a token for (RFC 8707): only our /mcp. */
export function assertOurResource(origin: string, form: URLSearchParams) {
  if (!isOurResource(origin, form.get("resource"))) {
    throw new OAuthError("invalid_target", "The resource is not this server's MCP endpoint");
  }
}

/** The token response of RFC 6749 §5.1. */
export function tokenResponse(access: string, refresh: string, scope: AccessScope) {
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: accessTokenLifetimeMs / 1000,
    refresh_token: refresh,
    scope: scopeForAccess(scope),
  };
}

/**
 * A new grant: one access token row acting as the person, named after the client, never with
 * admin rights, listed (and revocable) among the person's tokens.
 */
export async function createGrant(options: {
  db: Database;
  userId: string;
  client: { id: string; name: string };
  scope: AccessScope;
}) {
  const id = randomUUID();
  const access = newTokenSecret();
  const refresh = newRefreshSecret(id);
  await options.db.insert(accessTokens).values({
    id,
    userId: options.userId,
    name: options.client.name,
    tokenHash: access.hash,
    scope: options.scope,
    admin: false,
    clientId: options.client.id,
    refreshHash: refresh.hash,
    expiresAt: new Date(Date.now() + accessTokenLifetimeMs),
  });
  return tokenResponse(access.token, refresh.token, options.scope);
}
