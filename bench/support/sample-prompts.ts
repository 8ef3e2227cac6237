import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../../server/project-root.ts";

export interface SamplePrompt {
  act: string;
  prompt: string;
}

/** The 1,529 real prompts the generated libraries are shaped like. */
export function samplePrompts(): SamplePrompt[] {
  const csv = readFileSync(join(projectRoot, "seed/prompts.csv"));
  return parse(csv, { columns: true, skip_empty_lines: true }) as SamplePrompt[];
}
