import type { Pace } from "../pacing.ts";
import { csvRecords } from "./csv-records.ts";
import {
  fail,
  failTooMany,
  type ImportLimits,
  importedPrompt,
  type ParsedImport,
} from "./import-rules.ts";
import { promptGeniusRow } from "./read-prompt-genius-import.ts";

/** AI Prompt Genius's CSV export (see read-prompt-genius-import.ts), read by column place. */
export async function readPromptGeniusCsv(
  text: string,
  limits: ImportLimits,
  pace: Pace,
): Promise<ParsedImport> {
  const prompts: ParsedImport["prompts"] = [];
  const now = new Date();
  for await (const { cells, line } of csvRecords(text, pace)) {
    if (prompts.length === limits.promptsPerImport) failTooMany("prompts", limits.promptsPerImport);
    const row = promptGeniusRow(cells);
    prompts.push(
      importedPrompt(
        {
          line,
          useCase: row.title.trim(),
          promptText: row.text,
          shared: false,
          tags: row.tags,
          folderPath: row.folderPath,
          favourite: false,
          createdAt: null,
        },
        `Line ${line}`,
        limits,
        now,
      ),
    );
  }
  if (prompts.length === 0) fail("The file", "it holds no prompts");
  return { format: "AI Prompt Genius CSV", prompts, starredIds: [] };
}
