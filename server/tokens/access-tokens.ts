import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  type AccessTokenInfo,
  accessScopeOf,
  accessScopes,
  accessTokenPrefix,
  tokenMaxExpiryDays,
  tokenNameMaxLength,
} from "../../shared/access-tokens.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { accessTokens, oauthClients } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { isUuid } from "../uuid.ts";
import { storableText } from "../validation.ts";
import { assertTokenMay } from "./token-access.ts";

const dayMs = 24 * 60 * 60 * 1000;

export const createTokenInput = z.object({
  name: storableText()
    .trim()
    .min(1, "Please name the token")
    .max(tokenNameMaxLength, `A token's name is at most ${tokenNameMaxLength} characters`),
  scope: z.enum(accessScopes, "Scope must be read or write"),
  expiresInDays: z
    .number()
    .int()
    .min(1, "Expiry is at least 1 day")
    .max(tokenMaxExpiryDays, `Expiry is at most ${tokenMaxExpiryDays} days`)
    .nullable()
    .default(null),
  admin: z.boolean().default(false),
});

/** A new random token: what its holder sends, and the hash that alone is stored. */
export function newTokenSecret() {
  const token = `${accessTokenPrefix}${randomToken()}`;
  return { token, hash: sha256(token) };
}

/**
 * Creates a token acting as the viewer, shown once. Admin rights only for an administrator who
 * asks; each request still checks ADMIN_EMAILS, so a token never outlives its person's rights.
 * The database refuses one past the person's limit (drizzle/0021), however many are asked for at
 * once: 400 token_limit.
 */
export async function createAccessToken(options: {
  db: Database;
  viewer: Viewer | null;
  input: z.infer<typeof createTokenInput>;
}) {
  const { db, input } = options;
  const viewer = requireViewer(options.viewer);
  assertTokenMay(viewer, "manage");
  if (input.admin && !viewer.isAdmin) {
    throw new AppError("forbidden", "Only an administrator's token can carry admin rights");
  }
  const { token, hash } = newTokenSecret();
  const expiresAt =
    input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * dayMs);
  const [row] = await db
    .insert(accessTokens)
    .values({
      userId: viewer.userId,
      name: input.name,
      tokenHash: hash,
      scope: input.scope,
      admin: input.admin,
      expiresAt,
    })
    .returning();
  if (!row) throw new Error("token insert returned nothing");
  return { token, info: tokenInfo({ ...row, client: null }) };
}

/** The viewer's tokens, newest last: personal ones and those OAuth clients hold. */
export async function listAccessTokens(options: { db: Database; viewer: Viewer | null }) {
  const viewer = requireViewer(options.viewer);
  assertTokenMay(viewer, "manage");
  const rows = await options.db
    .select({
      id: accessTokens.id,
      name: accessTokens.name,
      scope: accessTokens.scope,
      admin: accessTokens.admin,
      client: oauthClients.name,
      createdAt: accessTokens.createdAt,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .leftJoin(oauthClients, eq(oauthClients.id, accessTokens.clientId))
    .where(eq(accessTokens.userId, viewer.userId))
    .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
  return rows.map(tokenInfo);
}

/** Revokes one of the viewer's tokens; anyone else's is "not found". */
export async function revokeAccessToken(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}) {
  const viewer = requireViewer(options.viewer);
  assertTokenMay(viewer, "manage");
  const notFound = new AppError("not_found", "Token not found", "token_not_found");
  if (!isUuid(options.id)) throw notFound;
  const deleted = await options.db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, options.id), eq(accessTokens.userId, viewer.userId)))
    .returning({ id: accessTokens.id });
  if (deleted.length === 0) throw notFound;
}

function tokenInfo(row: {
  id: string;
  name: string;
  scope: string;
  admin: boolean;
  client: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}): AccessTokenInfo {
  return {
    id: row.id,
    name: row.name,
    scope: accessScopeOf(row.scope),
    admin: row.admin,
    client: row.client,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
