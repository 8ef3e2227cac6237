import { desc, eq } from "drizzle-orm";
import type { RunView } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { promptRuns } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requirePromptPrivateData } from "./prompt-workbench-access.ts";
import type { Workbench } from "./workbench.ts";

/** A prompt's kept runs, newest first (at most RUNS_KEPT_PER_PROMPT are kept). */
export async function listRuns(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  promptId: string;
}): Promise<{ runs: RunView[] }> {
  const viewer = requireViewer(options.viewer);
  const { db, runsKeptPerPrompt } = options.workbench;
  const prompt = await requirePromptPrivateData(db, viewer, options.promptId, "read");
  const rows = await db
    .select()
    .from(promptRuns)
    .where(eq(promptRuns.promptId, prompt.id))
    .orderBy(desc(promptRuns.createdAt), desc(promptRuns.id))
    .limit(runsKeptPerPrompt);
  return {
    runs: rows.map((row) => ({
      id: row.id,
      version: row.version,
      connectionName: row.connectionName,
      model: row.model,
      temperature: row.temperature,
      maxTokens: row.maxTokens,
      values: row.values,
      output: row.output,
      usage: row.usage,
      ms: row.ms,
      firstTokenMs: row.firstTokenMs,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
