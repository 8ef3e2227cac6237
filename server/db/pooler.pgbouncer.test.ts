import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { databaseUrlFor } from "../../tests/support/database-url.ts";
import {
  createTestDatabase,
  defaultConnectionSettings,
} from "../../tests/support/test-database.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { rowsOf } from "./rows.ts";

// Run only through PgBouncer in transaction mode (vitest.config.ts, .ci/run): what a pooler
// between the app and the database must not change.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({
    settings: { ...defaultConnectionSettings(), "promptshelf.tags_per_prompt": "3" },
  });
});
afterAll(async () => {
  await database?.close();
});

const pooled = () => {
  if (database.driver !== "postgres") throw new Error("expected PostgreSQL");
  return database.pool.options as { connectionString?: string };
};

it("runs the app's statements through the pooler, not on the database itself", () => {
  expect(new URL(pooled().connectionString ?? "").port).toBe(
    new URL(inject("pooledUrl") ?? "").port,
  );
});

it("gives every pooled connection the deployment's limits and timeout", async () => {
  // Each statement may land on another server connection: all of them see the same.
  const seen = await Promise.all(
    Array.from(
      { length: 12 },
      async () =>
        rowsOf<{ tags: string; timeout: string }>(
          await database.db.execute(
            sql`select library_limit('tags_per_prompt') as tags, current_setting('statement_timeout') as timeout`,
          ),
        )[0],
    ),
  );
  expect(new Set(seen.map((row) => `${row?.tags} ${row?.timeout}`))).toEqual(new Set(["3 2min"]));
});

it("refuses to start on the pooler alone, naming the setting that fixes it", async () => {
  const name = new URL(pooled().connectionString ?? "").pathname.slice(1);
  const opened = openDatabase({
    driver: "postgres",
    url: databaseUrlFor(inject("pooledUrl") ?? "", name),
  });
  await expect(opened).rejects.toThrow(/DIRECT_DATABASE_URL/);
});
