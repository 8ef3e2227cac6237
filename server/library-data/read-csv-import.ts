import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { AppError } from "../errors.ts";
import type { Pace } from "../pacing.ts";
import { unguardCell } from "./csv.ts";
import { folderPathSeparator } from "./export-library.ts";
import {
  fail,
  failTooMany,
  type ImportLimits,
  importedPrompt,
  type ParsedImport,
} from "./import-rules.ts";

const chunkBytes = 65_536;

/**
 * A CSV file: ours (act, prompt, category, tags, folder, created_at) or prompts.chat's (act,
 * prompt). Read a stretch at a time, pausing between, so a large file never holds the event loop.
 */
export async function readCsvImport(
  text: string,
  limits: ImportLimits,
  pace: Pace,
): Promise<ParsedImport> {
  let header: string[] = [];
  const records = Readable.from(chunks(Buffer.from(text, "utf8"))).pipe(
    parse({
      columns: (names: string[]) => {
        header = names;
        return names;
      },
      skip_empty_lines: true,
      info: true,
      relax_column_count: false,
      trim: false,
    }),
  );
  const prompts: ParsedImport["prompts"] = [];
  const now = new Date();
  let ours = false;
  let previousEnd = 1;
  let previousBlank = 0;
  try {
    for await (const { record, info } of records as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number; empty_lines: number };
    }>) {
      if (prompts.length === 0) {
        if (!header.includes("prompt")) {
          fail("Line 1", 'the header needs a "prompt" column (and "act" for the use case)');
        }
        ours = header.includes("category") && header.includes("tags");
      }
      if (prompts.length === limits.promptsPerImport)
        failTooMany("prompts", limits.promptsPerImport);
      // The record starts after the last one's end and any blank lines skipped since.
      const line = previousEnd + 1 + info.empty_lines - previousBlank;
      previousEnd = info.lines;
      previousBlank = info.empty_lines;
      const cell = (name: string) =>
        ours ? unguardCell(record[name] ?? "") : (record[name] ?? "");
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
      await pace();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const lines = (error as { lines?: number }).lines;
    fail(
      lines ? `Line ${lines}` : "The file",
      `not valid CSV (${(error as Error).message.replace(/^Invalid Record Length: /, "")})`,
    );
  }
  if (prompts.length === 0) {
    if (!header.includes("prompt")) {
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

/** The file's bytes in pieces; the parser takes a character split across two of them whole. */
function* chunks(bytes: Buffer) {
  for (let start = 0; start < bytes.length; start += chunkBytes) {
    yield bytes.subarray(start, start + chunkBytes);
  }
}
