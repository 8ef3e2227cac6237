import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { oauthClients } from "../db/schema.ts";
import { isStorableText } from "../validation.ts";

/**
 * A registered client by its id, or null (an unknown id is never an error here: callers say
 * which). An id no client can have (too long, or text the database cannot take) is not looked up.
 */
export async function findClient(db: Database, clientId: string | null | undefined) {
  if (!clientId || clientId.length > 200 || !isStorableText(clientId)) return null;
  const [client] = await db
    .select({
      id: oauthClients.id,
      name: oauthClients.name,
      redirectUris: oauthClients.redirectUris,
    })
    .from(oauthClients)
    .where(eq(oauthClients.id, clientId))
    .limit(1);
  return client ?? null;
}
