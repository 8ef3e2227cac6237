import { and, eq, gt, sql } from "drizzle-orm";
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
  newRefreshSecret,
  requestingClient,
  tokenResponse,
} from "./oauth-grant.ts";
import { accessForScope } from "./oauth-scopes.ts";

/**
 * grant_type=refresh_token: one UPDATE swaps in a new access token and a new refresh token on
 * the grant's row, so the old refresh token works once and the old access token stops at once
 * (changing token_hash tells every instance to forget it: drizzle/0015). A client may narrow
 * write to read, never widen. A grant idle for longer than its lifetime is refused.
 */
export async function refreshGrant(options: {
  db: Database;
  origin: string;
  form: URLSearchParams;
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

  const access = newTokenSecret();
  const refresh = newRefreshSecret();
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
        eq(accessTokens.refreshHash, sha256(refreshToken)),
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
  if (!row) {
    throw new OAuthError(
      "invalid_grant",
      asked === "write"
        ? "The refresh token is unknown, expired, revoked, or its grant may only read"
        : "The refresh token is unknown, expired or revoked",
    );
  }
  return tokenResponse(access.token, refresh.token, accessScopeOf(row.scope));
}
