// Times /prompts (browse and search for visitors) through its domain operation on a generated
// library, with the plan PostgreSQL chose along each search path, and the sitemap: the pass
// that finds the prompt files' bounds, and one file of 50,000 URLs streamed whole.
// usage: tsx bench/browse-latency.ts [--count 1000000] [--postgres postgres://...] [--rounds 100]
import { parseArgs } from "node:util";
import { benchDatabase } from "./support/bench-database.ts";
import { browseCases, browsePlans, timeBrowse, timeSitemap } from "./support/browse-timings.ts";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "1000000" },
    postgres: { type: "string" },
    rounds: { type: "string", default: "100" },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);
const { handle } = await benchDatabase({ count, postgresUrl: values.postgres, log: console.log });

console.log(
  `\n${count.toLocaleString("en-US")} prompts on ${handle.driver}: ${rounds} rounds after a warm-up\n`,
);
console.log("| /prompts | address | median ms | p99 ms | rows |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const timing of await timeBrowse(handle, rounds)) {
  console.log(
    `| ${timing.name} | ${timing.path} | ${timing.medianMs.toFixed(1)} | ${timing.p99Ms.toFixed(1)} | ${timing.rows} |`,
  );
}
console.log("\nPlans (EXPLAIN ANALYZE, scans only):");
for (const item of browseCases) {
  console.log(`- ${item.name}`);
  for (const line of await browsePlans(handle, item)) console.log(`  - ${line}`);
}
const sitemap = await timeSitemap(handle, "https://promptshelf.example");
console.log(
  `\nSitemap: bounds pass ${sitemap.passMs.toFixed(0)} ms for ${sitemap.files} files; first file ${sitemap.urls.toLocaleString("en-US")} URLs, ${(sitemap.bytes / 1024 / 1024).toFixed(1)} MB of XML, read and written in ${sitemap.fileMs.toFixed(0)} ms`,
);
await handle.close();
