// How long the palette's search takes with its teams' group, for a person whose teams hold
// `PROMPTS` prompts together (the group's bound is 20,000), on PostgreSQL: the median and p90 of
// 15 rounds per term, with and without the group. Usage:
//   npx tsx bench/palette-teams.ts postgres://postgres@127.0.0.1:5432/postgres [PROMPTS]
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../server/db/client.ts";
import { teamUsage } from "../server/db/schema.ts";
import { projectRoot } from "../server/project-root.ts";
import { findPalettePrompts } from "../server/prompts/find-palette-prompts.ts";
import { createTeam } from "../server/teams/create-team.ts";
import { paletteTeamPrompts } from "../shared/palette.ts";
import { createUser, viewerFor } from "../tests/support/factories.ts";

const [serverUrl = "", count = "20000"] = process.argv.slice(2);
const prompts = Number(count);
const name = "palette_teams_bench";
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ driver: "postgres", url: url.href });
const { db } = database;

const file = await readFile(join(projectRoot, "seed/prompts.csv"), "utf8");
const [, ...records] = parse(file) as string[][];
const texts = records.map(([act = "", prompt = ""]) => ({ act, prompt }));
const user = await createUser(db);
const viewer = viewerFor(user);
// Five teams, the prompts shared between them, written by the person over a year.
const teams: string[] = [];
for (let n = 0; n < 5; n++) teams.push((await createTeam({ db, viewer, name: `Team ${n}` })).id);
const rows = Array.from({ length: prompts }, (_, i) => {
  const text = texts[i % texts.length] ?? { act: "", prompt: "" };
  return { title: `${text.act} ${i}`, text: text.prompt, team: teams[i % teams.length] };
});
for (let start = 0; start < rows.length; start += 1000) {
  const batch = rows.slice(start, start + 1000);
  await db.execute(sql`insert into prompts (title, category, prompt_text, user_id, team_id, is_shared, created_at)
    select b->>'title', b->>'title', b->>'text', ${user.id}::uuid, (b->>'team')::uuid, false,
      now() - (random() * interval '365 days')
    from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) b`);
}
await db.execute(sql`analyze prompts`);

const terms = ["translator", "act as", "javascript", "the", "qzxwvy", "travel guide"];
async function timed(q: string) {
  const times: number[] = [];
  for (let round = 0; round < 15; round++) {
    const started = performance.now();
    await findPalettePrompts({ db, viewer, q });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[7] ?? 0, p90: times[13] ?? 0 };
}
const lines = [
  `| term | with teams p50 / p90 ms | without p50 / p90 ms |`,
  `| --- | ---: | ---: |`,
];
for (const q of terms) {
  const withTeams = await timed(q);
  // As if the teams held more than the bound: the group is not searched.
  await db.update(teamUsage).set({ prompts: paletteTeamPrompts + 1 });
  const without = await timed(q);
  await db.execute(
    sql`update team_usage u set prompts = (select count(*) from prompts p where p.team_id = u.team_id)`,
  );
  lines.push(
    `| ${q} | ${withTeams.p50.toFixed(1)} / ${withTeams.p90.toFixed(1)} | ${without.p50.toFixed(1)} / ${without.p90.toFixed(1)} |`,
  );
}
console.log(`${prompts.toLocaleString("en-US")} team prompts in 5 teams\n${lines.join("\n")}`);
await database.close();
