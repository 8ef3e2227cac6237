import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../../server/project-root.ts";

/** The 1,529 real CC0 prompts of seed/prompts.csv, each as its use case ("act") and text. */
export function realPrompts(): { act: string; prompt: string }[] {
  const rows = parse(readFileSync(join(projectRoot, "seed/prompts.csv"), "utf8"), {
    columns: true,
    skip_empty_lines: true,
  }) as { act: string; prompt: string }[];
  return rows.map((row) => ({ act: row.act, prompt: row.prompt }));
}
