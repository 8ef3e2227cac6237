import { expect, it } from "vitest";
import { csvRecords } from "./csv-records.ts";
import { parseImport } from "./parse-import.ts";

// A large file is decoded and parsed a stretch at a time (decision 0010): a character that
// straddles two stretches must come through whole, never as replacement characters.
const limits = { promptsPerImport: 10, folderDepth: 32, versionsPerPrompt: 10 };
const pace = async () => {};

it("hands the CSV parser stretches that never split an emoji", async () => {
  // The emoji's two halves sit either side of the parser's 65,536th character.
  const before = `act,prompt\nEmoji,"${"a".repeat(65_536 - 19)}`;
  const text = `${before}🦘 end"\n`;
  expect(text.charCodeAt(65_535).toString(16)).toMatch(/^d[89ab]/);
  const cells: string[][] = [];
  for await (const record of csvRecords(text, pace)) cells.push(record.cells);
  expect(cells[0]?.[1]?.endsWith("🦘 end")).toBe(true);
  expect(cells[0]?.[1]).not.toContain("\uFFFD");
});

it("decodes a file a megabyte at a time without splitting a character", async () => {
  // Rows of plain letters up to near the first megabyte's end, then "é" (two bytes) or the
  // kangaroo (four) with its first byte the megabyte's last.
  let head = "act,prompt\n";
  for (let row = 0; head.length < 1_048_576 - 120_000; row++) {
    head += `Row ${row},"${"a".repeat(100_000)}"\n`;
  }
  head += "Accents,";
  head += `"${"a".repeat(1_048_576 - 1 - head.length - 1)}`;
  for (const character of ["é", "🦘"]) {
    const bytes = new TextEncoder().encode(`${head}${character} and more"\n`);
    expect(bytes[1_048_575]).toBeGreaterThanOrEqual(0xc0);
    const parsed = await parseImport(bytes, { ...limits, promptsPerImport: 20 });
    expect(parsed.prompts.at(-1)?.promptText.endsWith(`${character} and more`)).toBe(true);
  }
});
