import { and, desc, eq, inArray } from "drizzle-orm";
import type { RunUsage } from "../../shared/workbench.ts";
import type { Database } from "../db/client.ts";
import { promptRuns } from "../db/schema.ts";

/**
 * Keeps a finished run with its prompt's version, and lets the prompt's oldest runs past
 * `kept` go, in one transaction: a run is kept whole or not at all.
 */
export async function recordRun(
  db: Database,
  run: {
    promptId: string;
    version: number;
    userId: string;
    connectionId: string;
    connectionName: string;
    model: string;
    temperature: number | undefined;
    maxTokens: number | undefined;
    values: Record<string, string>;
    output: string;
    usage: RunUsage;
    ms: number;
    firstTokenMs: number | null;
  },
  kept: number,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promptRuns)
      .values({
        ...run,
        temperature: run.temperature ?? null,
        maxTokens: run.maxTokens ?? null,
      })
      .returning({ id: promptRuns.id });
    const older = tx
      .select({ id: promptRuns.id })
      .from(promptRuns)
      .where(eq(promptRuns.promptId, run.promptId))
      .orderBy(desc(promptRuns.createdAt), desc(promptRuns.id))
      .offset(kept);
    await tx
      .delete(promptRuns)
      .where(and(eq(promptRuns.promptId, run.promptId), inArray(promptRuns.id, older)));
    return row?.id ?? null;
  });
}
