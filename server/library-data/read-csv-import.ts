import type { Pace } from "../pacing.ts";
import { unguardCell } from "./csv.ts";
import { csvHeader, csvRecords } from "./csv-records.ts";
import { folderPathSeparator } from "./export-library.ts";
import {
  fail,
  failTooMany,
  type ImportLimits,
  importedPrompt,
  type ParsedImport,
} from "./import-rules.ts";

/**
 * A CSV file: ours (act, prompt, category, tags, folder, created_at) or prompts.chat's (act,
 * prompt). Read a stretch at a time, pausing between, so a large file never holds the event loop.
 */
export async function readCsvImport(
  text: string,
  limits: ImportLimits,
  pace: Pace,
): Promise<ParsedImport> {
  const prompts: ParsedImport["prompts"] = [];
  const now = new Date();
  let ours = false;
  for await (const { header, cells, line } of csvRecords(text, pace)) {
    if (prompts.length === 0) {
      if (!header.includes("prompt")) {
        fail("Line 1", 'the header needs a "prompt" column (and "act" for the use case)');
      }
      ours = header.includes("category") && header.includes("tags");
    }
    if (prompts.length === limits.promptsPerImport) failTooMany("prompts", limits.promptsPerImport);
    const value = (name: string) => {
      const at = header.indexOf(name);
      return at === -1 ? "" : (cells[at] ?? "");
    };
    const cell = (name: string) => (ours ? unguardCell(value(name)) : value(name));
    const act = cell("act").trim();
    prompts.push(
      importedPrompt(
        {
          line,
          useCase: ours ? cell("category").trim() || (act === "Untitled" ? "" : act) : act,
          promptText: cell("prompt"),
          shared: false,
          tags: cell("tags").split(/[;,]/),
          folderPath: folderPathOf(cell("folder")),
          favourite: false,
          createdAt: cell("created_at") || null,
        },
        `Line ${line}`,
        limits,
        now,
      ),
    );
  }
  if (prompts.length === 0) {
    if (!csvHeader(text).includes("prompt")) {
      fail("Line 1", 'the header needs a "prompt" column (and "act" for the use case)');
    }
    fail("The file", "it holds no prompts");
  }
  return { format: ours ? "PromptShelf CSV" : "prompts.chat CSV", prompts, starredIds: [] };
}

/** "Work / Clients", as the export writes it; no folder when the cell is blank. */
function folderPathOf(cell: string) {
  const trimmed = cell.trim();
  return trimmed ? trimmed.split(folderPathSeparator) : [];
}
