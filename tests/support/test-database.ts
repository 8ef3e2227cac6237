import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../../server/db/client.ts";
import { databaseUrlFor } from "./database-url.ts";

/**
 * A migrated database of its own for one test file: PGlite loaded from the run's snapshot,
 * or a PostgreSQL database copied from the run's template. Closing drops it.
 */
export async function createTestDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (inject("databaseDriver") === "postgres") return createPostgresCopy(options);
  const snapshot = new Blob([await readFile(inject("pgliteSnapshotPath"))]);
  return openDatabase({ driver: "pglite", memory: true, snapshot }, options);
}

async function createPostgresCopy(options: OpenOptions): Promise<DatabaseHandle> {
  const serverUrl = inject("postgresUrl");
  const template = inject("postgresTemplate");
  const name = template.replace(/_template$/, `_${randomBytes(4).toString("hex")}`);
  await withAdmin(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  const handle = await openDatabase(
    { driver: "postgres", url: databaseUrlFor(serverUrl, name) },
    options,
  );
  if (handle.driver !== "postgres") throw new Error("expected PostgreSQL");
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
