import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createUser } from "../../tests/support/factories.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import {
  createBareDatabase,
  defaultConnectionSettings,
} from "../../tests/support/test-database.ts";
import { parseConfig } from "../config.ts";
import { projectRoot } from "../project-root.ts";
import type { DatabaseHandle } from "./client.ts";
import { connectionSettings } from "./connection-settings.ts";
import { limitRefusal } from "./limit-refusals.ts";
import { rowsOf } from "./rows.ts";
import { folders, libraryLimits } from "./schema.ts";

// The limits are the database's own (drizzle/0023): every connection sees them, whatever it
// started with, so a connection pooler that drops start-up options cannot switch them off.

let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { settings: { ...defaultConnectionSettings(), "promptshelf.folders_per_person": "2" } },
);

/** What a connection that arrived without the promptshelf.* settings runs, in one transaction. */
function withoutSessionSettings<T>(work: (tx: DatabaseHandle["db"]) => Promise<T>) {
  return database.db.transaction(async (tx) => {
    for (const name of Object.keys(defaultConnectionSettings())) {
      if (name.startsWith("promptshelf.")) {
        await tx.execute(sql`select set_config(${name}, '', true)`);
      }
    }
    return work(tx as unknown as DatabaseHandle["db"]);
  });
}

const folderRows = (userId: string, names: string[]) =>
  names.map((name) => ({ userId, name, parentId: null }));

describe("a library limit", () => {
  it("holds on a connection that carries no settings", async () => {
    const owner = await createUser(database.db);
    const refused = await withoutSessionSettings((tx) =>
      tx.insert(folders).values(folderRows(owner.id, ["one", "two", "three"])),
    ).catch((error: unknown) => error);
    expect(limitRefusal(refused)?.message).toBe("You can have at most 2 folders");
    const kept = await database.db.select().from(folders).where(eq(folders.userId, owner.id));
    expect(kept).toEqual([]);
  });

  it("is the one this deployment started with, for the API as for any statement", async () => {
    const me = await apiPerson(database.db, app);
    for (const name of ["one", "two"]) {
      expect((await me.call("POST", "/api/v1/folders", { name, parentId: null })).status).toBe(201);
    }
    const third = await me.call("POST", "/api/v1/folders", { name: "three", parentId: null });
    expect(third.status).toBe(413);
    expect(third.body.error.message).toBe("You can have at most 2 folders");
  });

  it("refuses what it governs when the deployment wrote none, rather than let it through", async () => {
    const owner = await createUser(database.db);
    const [kept] = await database.db
      .delete(libraryLimits)
      .where(eq(libraryLimits.name, "folders_per_person"))
      .returning();
    try {
      const refused = await database.db
        .insert(folders)
        .values(folderRows(owner.id, ["one"]))
        .catch((error: unknown) => error);
      expect(limitRefusal(refused)).toEqual({
        code: "unavailable",
        message: "PromptShelf cannot check its limits right now, so nothing was saved",
      });
    } finally {
      if (kept) await database.db.insert(libraryLimits).values(kept);
    }
  });
});

it("a database migrated without the app has the configuration's default limits", async () => {
  const bare = await createBareDatabase();
  try {
    await bare.migrate(join(projectRoot, "drizzle"));
    const rows = await bare.query<{ name: string; value: string }>(
      "select name, value from library_limits",
    );
    const defaults = Object.entries(connectionSettings(parseConfig({ NODE_ENV: "test" })))
      .filter(([name]) => name.startsWith("promptshelf."))
      .map(([name, value]) => ({ name: name.slice("promptshelf.".length), value }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(
      rows
        .map((row) => ({ name: row.name, value: String(row.value) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual(defaults);
  } finally {
    await bare.close();
  }
});

it("reads its rows with the statement that counts", async () => {
  const result = await database.db.execute(
    sql`select library_limit('folders_per_person') as folders, library_limit('tags_per_prompt') as tags`,
  );
  expect(
    rowsOf<{ folders: string; tags: string }>(result).map((row) => [
      Number(row.folders),
      Number(row.tags),
    ]),
  ).toEqual([[2, 20]]);
});
