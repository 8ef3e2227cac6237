import { and, eq, gt, ne, sql } from "drizzle-orm";
import { accessScopeOf } from "../../shared/access-tokens.ts";
import { sha256 } from "../auth/tokens.ts";
import type { Database } from "../db/client.ts";
import { accessTokens } from "../db/schema.ts";
import { newTokenSecret } from "../tokens/access-tokens.ts";
import { OAuthError } from "./oauth-error.ts";
import {
  accessTokenLifetimeMs,
  assertOurResource,
  grantIdleLifetimeMs,
  grantNamedBy,
  newRefreshSecret,
  requestingClient,
  tokenResponse,
} from "./oauth-grant.ts";
import { accessForScope } from "./oauth-scopes.ts";

/**
 * grant_type=refresh_token: one UPDATE swaps in a new access token and a new refresh token on
 * the grant's row, only while the row still holds the refresh token presented, so it works once
 * and the old access token stops at once (changing token_hash tells every instance to forget it:
 * drizzle/0015). A client may narrow write to read, never widen. A grant idle for longer than its
 * lifetime is refused.
 *
 * A refresh token presented after it was rotated out means two parties hold the grant's tokens,
 * and which is the thief cannot be told: the grant ends (RFC 9700 §4.14.2), its current access
 * and refresh tokens with it, and `forgetToken` drops the access token from this instance's
 * memory at once (the others forget it when the database announces the deletion).
 */
export async function refreshGrant(options: {
  db: Database;
  origin: string;
  form: URLSearchParams;
  forgetToken: (tokenHash: string) => void;
}) {
  const { db, form } = options;
  const client = await requestingClient(db, form);
  const refreshToken = form.get("refresh_token");
  if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
  assertOurResource(options.origin, form);
  // An empty scope asks for nothing narrower, like none at all (it must not downgrade the grant).
  const asked = form.get("scope") ? accessForScope(form.get("scope")) : undefined;
  if (asked === null)
    throw new OAuthError("invalid_scope", "Scope may be prompts:read and prompts:write");

  const presented = sha256(refreshToken);
  const named = grantNamedBy(refreshToken);
  const grantId = named ?? (await grantHolding(db, presented));
  const refused = new OAuthError(
    "invalid_grant",
    asked === "write"
      ? "The refresh token is unknown, expired, revoked, or its grant may only read"
      : "The refresh token is unknown, expired or revoked",
  );
  if (!grantId) throw refused;

  const access = newTokenSecret();
  const refresh = newRefreshSecret(grantId);
  const now = Date.now();
  const [row] = await db
    .update(accessTokens)
    .set({
      tokenHash: access.hash,
      refreshHash: refresh.hash,
      expiresAt: new Date(now + accessTokenLifetimeMs),
      lastUsedAt: new Date(now),
      ...(asked === "read" ? { scope: "read" } : {}),
    })
    .where(
      and(
        eq(accessTokens.id, grantId),
        eq(accessTokens.refreshHash, presented),
        eq(accessTokens.clientId, client.id),
        gt(
          sql`coalesce(${accessTokens.lastUsedAt}, ${accessTokens.createdAt})`,
          new Date(now - grantIdleLifetimeMs),
        ),
        // Asking for write on a read grant changes nothing: the row is not matched.
        asked === "write" ? eq(accessTokens.scope, "write") : undefined,
      ),
    )
    .returning({ scope: accessTokens.scope });
  if (row) return tokenResponse(access.token, refresh.token, accessScopeOf(row.scope));

  // The grant this client's token names holds another refresh token now: this one was rotated.
  const ended = named
    ? await db
        .delete(accessTokens)
        .where(
          and(
            eq(accessTokens.id, named),
            eq(accessTokens.clientId, client.id),
            ne(accessTokens.refreshHash, presented),
          ),
        )
        .returning({ tokenHash: accessTokens.tokenHash })
    : [];
  for (const { tokenHash } of ended) options.forgetToken(tokenHash);
  if (ended.length > 0) {
    throw new OAuthError(
      "invalid_grant",
      "The refresh token was already used: the grant is revoked, and the app must be connected again",
    );
  }
  throw refused;
}

/** The grant whose current refresh token this is (for tokens made before they named it). */
async function grantHolding(db: Database, refreshHash: string) {
  const [grant] = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(eq(accessTokens.refreshHash, refreshHash))
    .limit(1);
  return grant?.id ?? null;
}
