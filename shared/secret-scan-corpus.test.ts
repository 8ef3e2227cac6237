import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";
import { scanShared } from "./secret-scan.ts";

/**
 * The false-positive rate on real prompts: every prompt of seed/prompts.csv (the 1,529 demo
 * prompts), text and use case, is scanned, and what it finds is exactly what was reviewed in
 * docs/decisions/0016-privacy-check.md. A rule that starts finding more in ordinary prompts fails
 * here, to be reviewed again.
 */
const rows = parse(readFileSync(new URL("../seed/prompts.csv", import.meta.url)), {
  columns: true,
  skip_empty_lines: true,
}) as { act: string; prompt: string }[];

it("finds only the reviewed hit in the 1,529 demo prompts", () => {
  expect(rows).toHaveLength(1529);
  const hits = rows.flatMap((row, index) =>
    scanShared({ promptText: row.prompt, useCase: row.act }).map((finding) => {
      const source = finding.field === "useCase" ? row.act : row.prompt;
      // The CSV's line: its header is line 1.
      return `line ${index + 2}, ${finding.rule}: ${source.slice(finding.start, finding.end)}`;
    }),
  );
  // A made-up contact in a spreadsheet template, at a domain that is not a reserved example
  // one: a real-format address, so the check is right to ask before it is shared.
  expect(hits).toEqual(["line 953, email-address: john.doe@defensetech.com"]);
});
