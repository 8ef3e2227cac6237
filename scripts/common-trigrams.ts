// tsx scripts/common-trigrams.ts: writes server/prompts/common-trigrams.ts, the trigrams found in
// at least a tenth of the prompts of seed/prompts.csv. Search looks these up in the trigram index
// only when a term has nothing rarer (see rareStretch in server/prompts/search-pattern.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../server/project-root.ts";
import { trigramsOf, wordsOf } from "../server/prompts/search-pattern.ts";

const commonShare = 0.1;
const rows = parse(readFileSync(join(projectRoot, "seed/prompts.csv")), {
  columns: true,
  skip_empty_lines: true,
}) as { prompt: string }[];

const promptsWith = new Map<string, number>();
for (const { prompt } of rows) {
  for (const trigram of new Set(wordsOf(prompt).flatMap(trigramsOf))) {
    promptsWith.set(trigram, (promptsWith.get(trigram) ?? 0) + 1);
  }
}
const common = [...promptsWith]
  .filter(([, count]) => count >= commonShare * rows.length)
  .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
  .map(([trigram]) => trigram);

const lines: string[] = [];
for (let i = 0; i < common.length; i += 24) lines.push(common.slice(i, i + 24).join(" "));
writeFileSync(
  join(projectRoot, "server/prompts/common-trigrams.ts"),
  `// Written by scripts/common-trigrams.ts from seed/prompts.csv; run it again rather than edit.

/** Trigrams found in at least ${commonShare * 100}% of prompts, most common first. */
export const commonTrigrams = new Set(
  \`
${lines.join("\n")}
\`
    .trim()
    .split(/\\s+/),
);
`,
);
console.log(`${common.length} common trigrams from ${rows.length} prompts`);
