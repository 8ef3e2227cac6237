import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  defaultConnectionSettings,
} from "../../tests/support/test-database.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { limitRefusal } from "./limit-refusals.ts";
import { rowsOf } from "./rows.ts";
import { folders } from "./schema.ts";

// PostgreSQL only: two instances of the app on one database, started with different settings.
// The last to start wins, for every instance from its next statement (docs/decisions/0021).

let first: DatabaseHandle;
let second: DatabaseHandle | undefined;
beforeAll(async () => {
  first = await createTestDatabase({
    settings: {
      ...defaultConnectionSettings(),
      "promptshelf.folders_per_person": "5",
      statement_timeout: "60000",
    },
  });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

it("takes the limits and timeout of the instance that started last, on every instance", async () => {
  if (first.driver !== "postgres") throw new Error("this suite runs on PostgreSQL");
  second = await openDatabase(
    {
      driver: "postgres",
      url: String(first.pool.options.connectionString),
      directUrl: first.directUrl,
      preparedStatements: first.directUrl === first.pool.options.connectionString,
    },
    {
      settings: {
        ...defaultConnectionSettings(),
        "promptshelf.folders_per_person": "3",
        statement_timeout: "45000",
      },
    },
  );
  const owner = await createUser(first.db);
  const refused = await first.db
    .insert(folders)
    .values(["a", "b", "c", "d"].map((name) => ({ userId: owner.id, name, parentId: null })))
    .catch((error: unknown) => error);
  expect(limitRefusal(refused)?.message).toBe("You can have at most 3 folders");
  expect(await first.db.select().from(folders).where(eq(folders.userId, owner.id))).toEqual([]);
  // A connection opened from now on, by any instance, starts with the last start's timeout.
  const reopened = await openDatabase({
    driver: "postgres",
    url: String(first.pool.options.connectionString),
    directUrl: first.directUrl,
    preparedStatements: false,
  });
  try {
    const [row] = rowsOf<{ timeout: string }>(
      await reopened.db.execute(sql`select current_setting('statement_timeout') as timeout`),
    );
    expect(row?.timeout).toBe("45s");
  } finally {
    await reopened.close();
  }
});
