import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { accessScopeOf } from "../../shared/access-tokens.ts";
import { sha256 } from "../auth/tokens.ts";
import { isAdminEmail, type Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { accessTokens, profiles, users } from "../db/schema.ts";

/** A token's last use is written at most this often, not on every request. */
export const lastUseEveryMs = 60_000;

export interface ResolvedToken {
  viewer: Viewer;
  /** Null for a token that never expires. */
  expiresAt: Date | null;
}

/** The viewer a personal access token acts as, or null when it is unknown, revoked or expired. */
export async function resolveAccessToken(
  db: Database,
  token: string,
  adminEmails: ReadonlySet<string>,
): Promise<ResolvedToken | null> {
  const now = new Date();
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      scope: accessTokens.scope,
      admin: accessTokens.admin,
      clientId: accessTokens.clientId,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      avatarUrl: users.avatarUrl,
      username: profiles.username,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= lastUseEveryMs) {
    await db
      .update(accessTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(accessTokens.id, row.tokenId));
  }
  return {
    viewer: {
      userId: row.userId,
      email: row.email,
      name: row.name,
      avatarUrl: row.avatarUrl,
      username: row.username,
      isAdmin: row.admin && isAdminEmail(adminEmails, row.email),
      token: { id: row.tokenId, scope: accessScopeOf(row.scope), mcpOnly: row.clientId !== null },
    },
    expiresAt: row.expiresAt,
  };
}
