import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { AppError } from "../errors.ts";
import type { Pace } from "../pacing.ts";
import { fail } from "./import-rules.ts";

/** Characters handed to the parser at a time: 64 KB of ASCII, 192 KB at most of other text. */
const chunkCharacters = 65_536;

/**
 * A CSV file's header and then each record with the line it starts on, read a stretch at a time
 * so a large file never holds the event loop. A broken record stops it, naming its line.
 */
export async function* csvRecords(
  text: string,
  pace: Pace,
): AsyncGenerator<{ header: string[]; cells: string[]; line: number }> {
  const records = Readable.from(chunks(text)).pipe(
    parse({ skip_empty_lines: true, info: true, relax_column_count: false, trim: false }),
  );
  let header: string[] | null = null;
  let previousEnd = 1;
  let previousBlank = 0;
  try {
    for await (const { record, info } of records as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      if (header === null) {
        header = record;
        previousEnd = info.lines;
        previousBlank = info.empty_lines;
        continue;
      }
      // The record starts after the last one's end and any blank lines skipped since.
      const line = previousEnd + 1 + info.empty_lines - previousBlank;
      previousEnd = info.lines;
      previousBlank = info.empty_lines;
      yield { header, cells: record, line };
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
}

/** The most of a file its header is looked for in: a header is a line of a few names. */
const headerBytes = 65_536;

/**
 * The header alone (a file of no records has one too), read as CSV: a name in quotes may hold a
 * comma, and a byte order mark is not part of the first. Empty when the file does not start
 * with a line of CSV.
 */
export function csvHeader(text: string): string[] {
  try {
    const [header] = parseSync(text.slice(0, headerBytes), {
      bom: true,
      to_line: 1,
      relax_column_count: true,
    }) as string[][];
    return header ?? [];
  } catch {
    return [];
  }
}

/** The file's bytes in pieces; the parser takes a character split across two of them whole. */
/**
 * The text as UTF-8, a stretch at a time: encoding a 25 MB file in one call held the event loop
 * for 70 ms. A stretch never ends between the two halves of a character outside the Basic
 * Multilingual Plane (an emoji), which would be encoded as two replacement characters.
 */
function* chunks(text: string) {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + chunkCharacters, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield Buffer.from(text.slice(start, end), "utf8");
    start = end;
  }
}
