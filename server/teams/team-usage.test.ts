import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { teamOf, teamPrompt } from "../../tests/support/teams.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { projectRoot } from "../project-root.ts";

/**
 * A team's library has a library's limits of its own: its prompts are counted for the team
 * (team_usage), not toward the person who wrote each (library_usage), through every write that
 * moves a prompt between the two, and the migration that brought team counts in counted what
 * was there.
 */
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

type Counts = { owner: string; prompts: number; bytes: number }[];

/** Each person's and team's counts as kept, and as counted again from the prompts. */
async function keptAndCounted() {
  const of = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ owner: string; prompts: string | number; bytes: string | number }>(
      await database.db.execute(query),
    )
      .map((row) => ({ owner: row.owner, prompts: Number(row.prompts), bytes: Number(row.bytes) }))
      .filter((row) => row.prompts !== 0 || row.bytes !== 0)
      .sort((a, b) => a.owner.localeCompare(b.owner));
  const kept: Counts = [
    ...(await of(sql`select user_id as owner, prompts, prompt_bytes as bytes from library_usage`)),
    ...(await of(sql`select team_id as owner, prompts, prompt_bytes as bytes from team_usage`)),
  ];
  const counted: Counts = [
    ...(await of(sql`select user_id as owner, count(*) as prompts,
        coalesce(sum(octet_length(prompt_text)), 0) as bytes
      from prompts where team_id is null and user_id is not null group by user_id`)),
    ...(await of(sql`select team_id as owner, count(*) as prompts,
        coalesce(sum(octet_length(prompt_text)), 0) as bytes
      from prompts where team_id is not null group by team_id`)),
  ];
  return { kept, counted };
}

it("counts a team's prompts for the team, through writing, editing, moving in and deleting", async () => {
  const [owner, editor] = [await apiPerson(database.db, app), await apiPerson(database.db, app)];
  const teamId = await teamOf(owner, [[editor, "editor"]]);
  const own = await editor.call("POST", "/api/v1/prompts", {
    promptText: "Mine to move",
    useCase: "Mine",
    shared: false,
  });
  await editor.call("POST", "/api/v1/prompts", {
    promptText: "Mine to keep",
    useCase: "Kept",
    shared: false,
  });
  const written = await teamPrompt(editor, teamId, "The team's, by the editor");
  await teamPrompt(owner, teamId, "The team's, by the owner", true);
  await editor.call("PATCH", `/api/v1/prompts/${written}`, { promptText: "Longer: edited text" });
  expect((await editor.call("PUT", `/api/v1/prompts/${own.body.id}/team`, { teamId })).status).toBe(
    200,
  );
  expect((await owner.call("DELETE", `/api/v1/prompts/${written}`)).status).toBe(204);

  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  expect(kept).toContainEqual({ owner: editor.user.id, prompts: 1, bytes: 12 });
  expect(kept).toContainEqual({
    owner: teamId,
    prompts: 2,
    bytes: "The team's, by the owner".length + "Mine to move".length,
  });
  expect(kept.some((row) => row.owner === owner.user.id)).toBe(false);

  // A team deleted takes its count with it; its writers' counts stay their own.
  expect((await owner.call("DELETE", `/api/v1/teams/${teamId}`)).status).toBe(204);
  const after = await keptAndCounted();
  expect(after.kept).toEqual(after.counted);
  expect(after.kept.some((row) => row.owner === teamId)).toBe(false);
});

it("the migration counts the teams there were, and takes their prompts off their writers'", async () => {
  const [owner, editor] = [await apiPerson(database.db, app), await apiPerson(database.db, app)];
  const teamId = await teamOf(owner, [[editor, "editor"]]);
  await teamPrompt(editor, teamId, "Counted for the team");
  await teamPrompt(owner, teamId, "And this one");
  // As before the migration: a team's prompts counted toward their writers, no team counts.
  await database.db.execute(sql`
    update library_usage u set prompts = u.prompts + d.n, prompt_bytes = u.prompt_bytes + d.b
    from (select user_id, count(*) as n, sum(octet_length(prompt_text))::bigint as b
          from prompts where team_id is not null group by user_id) d
    where u.user_id = d.user_id`);
  await database.db.execute(sql`delete from team_usage`);
  expect((await keptAndCounted()).kept).not.toEqual((await keptAndCounted()).counted);

  const migration = await readFile(join(projectRoot, "drizzle/0030_team-usage.sql"), "utf8");
  const counting = migration
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^(INSERT INTO team_usage|UPDATE library_usage)/.test(statement));
  expect(counting).toHaveLength(2);
  for (const statement of counting) await database.db.execute(sql.raw(statement));
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  expect(kept.find((row) => row.owner === teamId)?.prompts).toBe(2);
  // Every team has its row again, an empty one's too.
  const teams = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from teams t where not exists (select 1 from team_usage u where u.team_id = t.id)`,
    ),
  );
  expect(teams[0]?.n).toBe(0);
});
