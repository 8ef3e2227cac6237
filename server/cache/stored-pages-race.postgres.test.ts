import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { promptPath } from "../../shared/public-address.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { storedPages } from "../db/schema.ts";
import { pageStampsNow } from "../prompts/prompt-view.ts";
import { createStoredPages } from "./stored-pages.ts";

/**
 * A page being stored while a prompt it shows is deleted or made private, really at once on
 * PostgreSQL: the change's trigger forgets the pages showing the prompt, and a save that read
 * the prompt before the change committed must not land after that trigger ran. Met in a full
 * run: a render's save, still on its way, and a delete each missed the other.
 */
let database: DatabaseHandle;
let other: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.driver !== "postgres") throw new Error("this suite runs on PostgreSQL");
  other = new pg.Client({ connectionString: database.directUrl });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await database.close();
});

/** A page showing one shared prompt, as a render would hand it to be stored. */
async function pageOf() {
  const owner = await createUser(database.db);
  const prompt = await createPrompt(database.db, { userId: owner.id, isShared: true });
  const [row] = rowsOf<{ stamps: string[] }>(
    await database.db.execute(
      sql`select ${pageStampsNow(sql`array[${prompt.id}::uuid]`)} as stamps`,
    ),
  );
  const path = promptPath(prompt);
  return {
    prompt,
    page: {
      path,
      shown: [{ id: prompt.id, stamp: row?.stamps[0] ?? "" }],
      tags: [`prompt:${prompt.id}`],
      answer: { status: 200, headers: {}, body: Buffer.from("<p>page</p>") },
    },
  };
}

/** Whether a statement of this database is waiting for a lock another holds. */
async function someoneWaitsForALock() {
  const { rows } = await other.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return (rows[0]?.n ?? 0) > 0;
}

it.each([
  ["deleted", (id: string) => `delete from prompts where id = '${id}'`],
  ["made private", (id: string) => `update prompts set is_shared = false where id = '${id}'`],
])("a page stored while its prompt is %s at once is not kept", async (_, change) => {
  const { prompt, page } = await pageOf();
  const stored = createStoredPages({ db: database.db, build: "build-a" });
  await other.query("begin");
  await other.query(change(prompt.id));
  // The save starts while the change is not yet committed: it waits for it, or (without the
  // lock) stores at once what it read before.
  let saved = false;
  const saving = stored.save(page).then(() => {
    saved = true;
  });
  await expect.poll(async () => saved || (await someoneWaitsForALock())).toBe(true);
  await other.query("commit");
  await saving;
  expect(
    await database.db.select().from(storedPages).where(eq(storedPages.path, page.path)),
  ).toEqual([]);
});

it("a page stored before the change is forgotten by it, and the change waits for no one", async () => {
  const { prompt, page } = await pageOf();
  const stored = createStoredPages({ db: database.db, build: "build-a" });
  await stored.save(page);
  const kept = () => database.db.select().from(storedPages).where(eq(storedPages.path, page.path));
  expect(await kept()).toHaveLength(1);
  await other.query(`delete from prompts where id = '${prompt.id}'`);
  expect(await kept()).toEqual([]);
});
