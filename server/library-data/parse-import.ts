import { type Pace, pacer } from "../pacing.ts";
import { fail, type ImportLimits, type ParsedImport } from "./import-rules.ts";
import { readCsvImport } from "./read-csv-import.ts";
import { readJsonImport } from "./read-json-import.ts";

/**
 * Reads an import file, JSON or CSV; anything malformed stops it with the line (or entry) named.
 * The reading pauses now and then, so other requests are answered while a large file is read.
 */
export async function parseImport(
  text: string,
  limits: ImportLimits,
  pace: Pace = pacer(),
): Promise<ParsedImport> {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") fail("The file", "it is empty");
  return body.trimStart().startsWith("{")
    ? readJsonImport(body, limits, pace)
    : readCsvImport(body, limits, pace);
}
