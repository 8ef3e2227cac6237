import { and, eq, isNotNull, or } from "drizzle-orm";
import { sha256 } from "../auth/tokens.ts";
import type { Database } from "../db/client.ts";
import { accessTokens } from "../db/schema.ts";

/**
 * RFC 7009 revocation: by its access token or its refresh token, a client ends its grant (the
 * row goes, and every instance forgets the token at once). Only grants made by OAuth, and when
 * the client says who it is, only its own. Whether anything matched is not told (§2.2).
 */
export async function revokeGrant(options: { db: Database; form: URLSearchParams }) {
  const token = options.form.get("token");
  if (!token) return;
  const hash = sha256(token);
  const clientId = options.form.get("client_id");
  await options.db
    .delete(accessTokens)
    .where(
      and(
        or(eq(accessTokens.tokenHash, hash), eq(accessTokens.refreshHash, hash)),
        clientId ? eq(accessTokens.clientId, clientId) : isNotNull(accessTokens.clientId),
      ),
    );
}
