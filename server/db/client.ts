import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { projectRoot } from "../project-root.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The Drizzle handle, plus the driver's own client for what Drizzle does not cover (dumps, LISTEN). */
export type DatabaseHandle = { db: Database; close(): Promise<void> } & (
  | { driver: "pglite"; client: PGlite }
  | { driver: "postgres"; pool: pg.Pool }
);

export type DatabaseTarget =
  | { driver: "pglite"; dataDir: string }
  /** In memory, empty or loaded from a dumped data directory (tests). */
  | { driver: "pglite"; memory: true; snapshot?: Blob }
  | { driver: "postgres"; url: string; poolSize?: number };

const migrationsFolder = join(projectRoot, "drizzle");

/** Opens the database and brings its schema up to date with the checked-in migrations. */
export interface OpenOptions {
  onIdleError?: (error: Error) => void;
  /** Sees every statement Drizzle sends (tests count queries with it). */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (target.driver === "postgres") return openPostgres(target, options.onIdleError, logger);
  return openPglite(target, logger);
}

type QueryLogger = { logQuery: (sql: string) => void } | undefined;

/** The embedded database's code is loaded only when it is the one in use. */
async function openPglite(
  target: { dataDir: string } | { memory: true; snapshot?: Blob },
  logger: QueryLogger,
): Promise<DatabaseHandle> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const extensions = { pg_trgm };
  if ("memory" in target) {
    const client = await PGlite.create({ loadDataDir: target.snapshot, extensions });
    return migrated(client, () => client.close(), logger);
  }
  await mkdir(target.dataDir, { recursive: true });
  const lock = await lockDataDir(target.dataDir);
  let client: PGlite | undefined;
  const close = async () => {
    await client?.close();
    await lock.release();
  };
  try {
    client = await PGlite.create({ dataDir: target.dataDir, extensions });
  } catch (error) {
    await close();
    throw error;
  }
  return migrated(client, close, logger);
}

async function migrated(
  client: PGlite,
  close: () => Promise<void>,
  logger: QueryLogger,
): Promise<DatabaseHandle> {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const db = drizzle({ client, schema, logger });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, driver: "pglite", client, close };
}

async function openPostgres(
  target: { url: string; poolSize?: number },
  onIdleError: (error: Error) => void = () => {},
  logger: QueryLogger = undefined,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    connectionTimeoutMillis: 2000,
  });
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on("error", onIdleError);
  const db = drizzlePg({ client: pool, schema, logger });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, driver: "postgres", pool, close: () => pool.end() };
}
