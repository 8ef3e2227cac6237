// Times the library's list and search queries through the domain operations, on a generated
// library, and shows the plan PostgreSQL chose for each.
// usage: tsx bench/query-latency.ts [--count 100000] [--postgres postgres://...]
import { parseArgs } from "node:util";
import type { Viewer } from "../server/auth/viewer.ts";
import { listPrompts, listStatement } from "../server/prompts/list-prompts.ts";
import { type ListPromptsQuery, listPromptsQuery } from "../server/prompts/prompt-input.ts";
import { benchDatabase } from "./support/bench-database.ts";
import { query } from "./support/seed-library.ts";

const { values } = parseArgs({
  options: { count: { type: "string", default: "100000" }, postgres: { type: "string" } },
});
const count = Number(values.count);
const { handle } = await benchDatabase({ count, postgresUrl: values.postgres, log: console.log });

const [user] = await query<{ id: string; email: string }>(
  handle,
  "SELECT id, email FROM users WHERE issuer = 'https://bench.local' ORDER BY id LIMIT 1",
);
if (!user) throw new Error("no bench user");
const viewer: Viewer = {
  userId: user.id,
  email: user.email,
  name: null,
  avatarUrl: null,
  username: null,
  isAdmin: false,
};

const cases: [string, Partial<ListPromptsQuery>][] = [
  ["community list", { scope: "community" }],
  ["personal list", { scope: "personal" }],
  ["topic list (claude)", { scope: "community", category: "claude" }],
  ["search common word (the)", { scope: "community", q: "the" }],
  ["search rare word (Ethereum)", { scope: "community", q: "Ethereum" }],
  ["search no match (qzxwvy)", { scope: "community", q: "qzxwvy" }],
  ["personal search (story)", { scope: "personal", q: "story" }],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `\n${count.toLocaleString("en-US")} prompts on ${handle.driver}: median of 5 runs after one warm-up\n`,
);
console.log("| query | median ms | rows | plan |");
console.log("| --- | ---: | ---: | --- |");
for (const [name, options] of cases) {
  const input = listPromptsQuery.parse({ limit: 24, ...options });
  await listPrompts({ db: handle.db, viewer, ...input });
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    rows = (await listPrompts({ db: handle.db, viewer, ...input })).items.length;
    times.push(performance.now() - started);
  }
  const statement = listStatement({ db: handle.db, viewer, ...input }).toSQL();
  const plan = await query<{ "QUERY PLAN": string }>(
    handle,
    `EXPLAIN ${statement.sql}`,
    statement.params,
  );
  const scans = plan
    .map((line) => line["QUERY PLAN"].trim().replace(/^->\s*/, ""))
    .filter((line) => /Scan/.test(line))
    .map((line) => line.replace(/\s+\(cost.*$/, "").replace(/ on prompts$/, ""))
    .join("; ");
  console.log(`| ${name} | ${median(times).toFixed(1)} | ${rows} | ${scans} |`);
}
await handle.close();
