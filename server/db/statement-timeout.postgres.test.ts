import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestDatabase,
  defaultConnectionSettings,
} from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "./client.ts";
import { rowsOf } from "./rows.ts";

// PostgreSQL only: PGlite runs on the app's own thread and cannot interrupt a statement.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({
    settings: { ...defaultConnectionSettings(), statement_timeout: "300" },
  });
});
afterAll(async () => {
  await database.close();
});

it("no statement holds a pooled connection past the statement timeout", async () => {
  const started = Date.now();
  await expect(database.db.execute(sql`select pg_sleep(5)`)).rejects.toThrow();
  expect(Date.now() - started).toBeLessThan(3000);
  // The connection goes back to the pool and serves the next request.
  const [alive] = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
  expect(alive?.one).toBe(1);
});
