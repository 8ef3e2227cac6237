import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { favourites, folders, promptTags, tags } from "../db/schema.ts";
import { backupDatabase } from "./backup-database.ts";
import { backupTables } from "./backup-tables.ts";
import { RestoreError, restoreDatabase } from "./restore-database.ts";

let source: DatabaseHandle;
let target: DatabaseHandle;
let dir: string;

beforeAll(async () => {
  source = await createTestDatabase();
  target = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "promptshelf-backup-"));
});
afterAll(async () => {
  await source.close();
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every table, every row, exactly as the database renders it. */
async function everyTable(db: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of backupTables) {
    const key = sql.join(
      table.key.map((c) => sql.identifier(c)),
      sql`, `,
    );
    out[table.name] = rowsOf<{ row: unknown }>(
      await db.execute(
        sql`select to_json(t)::text as row from ${sql.identifier(table.name)} t order by ${key}`,
      ),
    ).map(({ row }) => row);
  }
  return out;
}

it("restores a backup into an empty database with every table the same", async () => {
  const db = source.db;
  const ada = await createUser(db, { email: "ada@example.com", name: "Ada" });
  const bob = await createUser(db, { email: "bob@example.com", name: null });
  await signedInCookie(db, ada.id);
  const [top] = await db.insert(folders).values({ userId: ada.id, name: "Top" }).returning();
  const [child] = await db
    .insert(folders)
    .values({ userId: ada.id, name: "Child", parentId: top?.id })
    .returning();
  const original = await createPrompt(db, {
    userId: bob.id,
    isShared: true,
    promptText: 'Shared "quotes" ✨\nand lines',
  });
  const saved = await createPrompt(db, {
    userId: ada.id,
    isShared: false,
    folderId: child?.id,
    sourcePromptId: original.id,
  });
  for (let i = 0; i < 1200; i++) await createPrompt(db, { userId: bob.id, isShared: i % 2 === 0 });
  const [tag] = await db.insert(tags).values({ userId: ada.id, name: "Writing" }).returning();
  await db.insert(promptTags).values({ promptId: saved.id, tagId: tag?.id ?? "" });
  await db.insert(favourites).values({ userId: ada.id, promptId: original.id });

  const file = join(dir, "backup.jsonl.gz");
  const counts = await backupDatabase(db, file);
  // Only its owner may read it: it holds everyone's private prompts.
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(counts).toMatchObject({
    users: 2,
    prompts: 1202,
    folders: 2,
    tags: 1,
    prompt_tags: 1,
    favourites: 1,
    sessions: 1,
  });

  await restoreDatabase(target.db, file);
  expect(await everyTable(target.db)).toEqual(await everyTable(db));
  await expect(restoreDatabase(target.db, file)).rejects.toThrow(RestoreError);
});
