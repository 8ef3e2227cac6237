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
  // Five seconds asked for, cancelled by the server at the timeout (57014, query_canceled):
  // without it the sleep would end and answer.
  const refused = await database.db.execute(sql`select pg_sleep(5)`).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(Error);
  const cause = (refused as Error).cause as { code?: string; message?: string } | undefined;
  expect(cause?.code).toBe("57014");
  expect(cause?.message).toContain("statement timeout");
  // The connection goes back to the pool and serves the next request.
  const [alive] = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
  expect(alive?.one).toBe(1);
});
