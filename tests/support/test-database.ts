import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { parseConfig } from "../../server/config.ts";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../../server/db/client.ts";
import { connectionSettings } from "../../server/db/connection-settings.ts";
import { databaseUrlFor } from "./database-url.ts";
import { checkStatement } from "./unguarded-reads.ts";

/**
 * The connection settings the server starts with by default (library limits), with a statement
 * timeout long enough for the bulk inserts some suites set up with.
 */
export function defaultConnectionSettings() {
  return connectionSettings(parseConfig({ NODE_ENV: "test", STATEMENT_TIMEOUT_MS: "120000" }));
}

/**
 * A migrated database of its own for one test file: PGlite loaded from the run's snapshot,
 * or a PostgreSQL database copied from the run's template. Closing drops it. Its connections
 * have the server's default settings unless others are given.
 */
export async function createTestDatabase(input: OpenOptions = {}): Promise<DatabaseHandle> {
  const options = {
    ...input,
    settings: input.settings ?? defaultConnectionSettings(),
    // Every statement an app request sends is checked for prompt-access.ts's rule.
    onQuery: (statement: string) => {
      checkStatement(statement);
      input.onQuery?.(statement);
    },
  };
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
  // Through PgBouncer in transaction mode when the run has one (vitest.config.ts): the app's
  // statements go through the pooler, which keeps no prepared statement; one session goes direct.
  const pooledUrl = inject("pooledUrl");
  const handle = await openDatabase(
    pooledUrl
      ? {
          driver: "postgres",
          url: databaseUrlFor(pooledUrl, name),
          directUrl: databaseUrlFor(serverUrl, name),
          preparedStatements: false,
        }
      : { driver: "postgres", url: databaseUrlFor(serverUrl, name) },
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

/** A database with no schema, and the way to run a folder of migrations on it. */
export interface BareDatabase {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database on the run's driver, for tests of the migrations themselves. */
export async function createBareDatabase(): Promise<BareDatabase> {
  if (inject("databaseDriver") === "postgres") {
    const serverUrl = inject("postgresUrl");
    const name = `promptshelf_bare_${randomBytes(4).toString("hex")}`;
    await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const client = new pg.Client({ connectionString: databaseUrlFor(serverUrl, name) });
    await client.connect();
    const [{ drizzle }, { migrate }] = await Promise.all([
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      migrate: (migrationsFolder) => migrate(drizzle({ client }), { migrationsFolder }),
      async close() {
        await client.end();
        await withAdmin(serverUrl, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
      },
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = await PGlite.create({ extensions: { pg_trgm } });
  return {
    query: async (text, params) => (await client.query(text, params)).rows as never,
    migrate: (migrationsFolder) => migrate(drizzle({ client }), { migrationsFolder }),
    close: () => client.close(),
  };
}
