// Times the library's list, search and organised queries through the domain operations, on a
// generated library, and shows the plan PostgreSQL chose for each.
// usage: tsx bench/query-latency.ts [--count 100000] [--postgres postgres://...]
import { parseArgs } from "node:util";
import { benchDatabase } from "./support/bench-database.ts";
import { timedRounds, timeQueries } from "./support/query-timings.ts";

const { values } = parseArgs({
  options: { count: { type: "string", default: "100000" }, postgres: { type: "string" } },
});
const count = Number(values.count);
const { handle } = await benchDatabase({ count, postgresUrl: values.postgres, log: console.log });

console.log(
  `\n${count.toLocaleString("en-US")} prompts on ${handle.driver}: median of ${timedRounds} rounds after a warm-up\n`,
);
console.log("| query | median ms | rows | plan |");
console.log("| --- | ---: | ---: | --- |");
for (const timing of await timeQueries(handle, { withPlans: true })) {
  console.log(
    `| ${timing.name} | ${timing.medianMs.toFixed(1)} | ${timing.rows} | ${timing.plan} |`,
  );
}
await handle.close();
