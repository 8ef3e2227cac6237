import { createHash } from "node:crypto";
import { and, asc, desc, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { ownedBy } from "./prompt-access.ts";

/*
 * One rule for "already in your library": a person has a prompt when they own one with the same
 * text, as stored, whatever its title, where it came from or whether it is shared. Imports skip
 * such prompts, and "Save to my library" (one prompt, or all of a collection's) answers the one
 * the person has instead of adding another. Texts are compared by their MD5, the database's md5().
 */

/** A prompt text's MD5, as the database's md5() gives it. */
export function textHash(text: string) {
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** The MD5 of a prompt's stored text, in SQL. */
export const storedTextHash = sql<string>`md5(${prompts.promptText})`;

/**
 * For each of these text hashes, the person's prompt with that text: a shared one before a
 * personal one, then the oldest.
 */
export async function ownPromptsByText(
  db: Pick<Database, "select">,
  userId: string,
  hashes: string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ id: prompts.id, hash: storedTextHash })
    .from(prompts)
    .where(and(ownedBy({ userId }), inArray(storedTextHash, hashes)))
    .orderBy(desc(prompts.isShared), asc(prompts.createdAt), asc(prompts.id));
  const byHash = new Map<string, string>();
  for (const row of rows) if (!byHash.has(row.hash)) byHash.set(row.hash, row.id);
  return byHash;
}
