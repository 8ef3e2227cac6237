import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { titleAndCategory } from "../../shared/prompt.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { findRelatedPrompts, relatedLimit } from "./find-related-prompts.ts";

let database: DatabaseHandle;
let ownerId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = (await createUser(database.db)).id;
});
afterAll(async () => {
  await database.close();
});

const share = (useCase: string, isShared = true) =>
  createPrompt(database.db, { userId: ownerId, isShared, ...titleAndCategory(useCase) });

it("puts the same topic first, then near titles, and leaves out personal, unrelated and itself", async () => {
  const prompt = await share("Linux Terminal");
  const sameTopic = await share("linux terminal");
  const near = await share("Linux Script Developer");
  await share("Cover letter");
  await share("Linux Terminal", false);
  const related = await findRelatedPrompts({ db: database.db, prompt });
  expect(related.map((row) => row.id)).toEqual([sameTopic.id, near.id]);
  expect(related.every((row) => row.promptText.length <= 300)).toBe(true);
});

it("shows six at most, and none for an Untitled prompt", async () => {
  const prompts = [];
  for (let i = 0; i < relatedLimit + 3; i++) prompts.push(await share("Travel Guide"));
  const [first] = prompts;
  if (!first) throw new Error("no prompt");
  expect(await findRelatedPrompts({ db: database.db, prompt: first })).toHaveLength(relatedLimit);
  const untitled = await createPrompt(database.db, { userId: ownerId, isShared: true });
  await createPrompt(database.db, { userId: ownerId, isShared: true });
  expect(
    await findRelatedPrompts({
      db: database.db,
      prompt: { id: untitled.id, title: untitled.title, category: untitled.category },
    }),
  ).toEqual([]);
});

it("reads the title index, not the table, for its candidates", async () => {
  await database.db.execute(sql`analyze prompts`);
  await database.db.execute(sql`set enable_seqscan = off`);
  try {
    const plan = rowsOf<{ "QUERY PLAN": string }>(
      await database.db.execute(sql`explain select id from prompts
        where is_shared and lower(title) >= lower('Linux Terminal')
        order by lower(title), id limit 40`),
    )
      .map((row) => row["QUERY PLAN"])
      .join("\n");
    expect(plan).toContain("prompts_community_title_idx");
  } finally {
    await database.db.execute(sql`reset enable_seqscan`);
  }
});
