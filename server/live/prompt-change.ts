import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

export const promptChannel = "prompt_changes";

/** What open community lists hear about: only shared prompts, so nothing private is announced. */
export interface PromptChange {
  type: "created" | "updated" | "deleted";
  id: string;
  category: string | null;
}

/**
 * Announces a change to a shared prompt through PostgreSQL NOTIFY, so every app instance on the
 * database (and its open lists) hears it. Inside a transaction it is sent only if that commits.
 */
export async function announcePromptChange(db: Pick<Database, "execute">, change: PromptChange) {
  await db.execute(sql`select pg_notify(${promptChannel}, ${JSON.stringify(change)})`);
}
