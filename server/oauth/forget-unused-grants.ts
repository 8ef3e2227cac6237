import { and, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { accessTokens, oauthClients, oauthCodes } from "../db/schema.ts";
import { grantIdleLifetimeMs } from "./oauth-grant.ts";

/**
 * A client that registered itself and holds no grant for this long is let go: registration is
 * open to anyone, so unused clients would otherwise pile up. An app that still has its id
 * registers again when told the id is unknown at the token endpoint.
 */
const unusedClientMs = 30 * 24 * 60 * 60 * 1000;

/** Housekeeping: expired codes, grants idle past their lifetime, and clients nobody uses. */
export async function forgetUnusedGrants(db: Database) {
  const now = Date.now();
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, new Date(now)));
  await db
    .delete(accessTokens)
    .where(
      and(
        isNotNull(accessTokens.clientId),
        lt(
          sql`coalesce(${accessTokens.lastUsedAt}, ${accessTokens.createdAt})`,
          new Date(now - grantIdleLifetimeMs),
        ),
      ),
    );
  await db
    .delete(oauthClients)
    .where(
      and(
        lt(oauthClients.createdAt, new Date(now - unusedClientMs)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(accessTokens)
            .where(sql`${accessTokens.clientId} = ${oauthClients.id}`),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(oauthCodes)
            .where(sql`${oauthCodes.clientId} = ${oauthClients.id}`),
        ),
      ),
    );
}
