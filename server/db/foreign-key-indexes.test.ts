import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "./client.ts";
import { rowsOf } from "./rows.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

// Tables that stay a few rows long, where reading them whole is as fast as an index.
const smallTables = new Set(["daily_prompts"]);

it("every foreign key leads an index, so deleting the row it points to reads no whole table", async () => {
  const result = await database.db.execute(sql`
    SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f'
      AND NOT EXISTS (
        SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
      )`);
  const unindexed = rowsOf<{ table_name: string; column_name: string }>(result)
    .filter((row) => !smallTables.has(row.table_name))
    .map((row) => `${row.table_name}.${row.column_name}`);
  expect(unindexed).toEqual([]);
});
