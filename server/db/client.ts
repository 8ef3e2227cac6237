import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { projectRoot } from "../project-root.ts";
import { type ConnectionSettings, timeoutSettings } from "./connection-settings.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { keepStatistics } from "./embedded-statistics.ts";
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
  /** Set on every connection: timeouts and library limits (see connection-settings.ts). */
  settings?: ConnectionSettings;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const settings = options.settings ?? {};
  if (target.driver === "postgres") {
    return openPostgres(target, settings, options.onIdleError, logger);
  }
  return openPglite(target, settings, logger);
}

type QueryLogger = { logQuery: (sql: string) => void } | undefined;

/** The embedded database's code is loaded only when it is the one in use. */
async function openPglite(
  target: { dataDir: string } | { memory: true; snapshot?: Blob },
  settings: ConnectionSettings,
  logger: QueryLogger,
): Promise<DatabaseHandle> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const extensions = { pg_trgm };
  if ("memory" in target) {
    const client = await PGlite.create({ loadDataDir: target.snapshot, extensions });
    return migrated(client, settings, () => client.close(), logger);
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
  return migrated(client, settings, close, logger);
}

async function migrated(
  client: PGlite,
  settings: ConnectionSettings,
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
    for (const [name, value] of Object.entries(settings)) {
      if (!timeoutSettings.has(name))
        await client.query("select set_config($1, $2, false)", [name, value]);
    }
    // PGlite has no autovacuum, so nothing re-plans the statements the database keeps (foreign
    // key checks, triggers) as tables grow: a plan made while a table was small reads it whole
    // ever after (tagging in a 10,000-prompt import went from 2 to 8 ms a prompt). Each is
    // planned for the table as it is now instead.
    await client.query("set plan_cache_mode = force_custom_plan");
    const stopStatistics = await keepStatistics(client);
    return {
      db,
      driver: "pglite",
      client,
      close: async () => {
        stopStatistics();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openPostgres(
  target: { url: string; poolSize?: number },
  settings: ConnectionSettings,
  onIdleError: (error: Error) => void = () => {},
  logger: QueryLogger = undefined,
): Promise<DatabaseHandle> {
  // Migrations may rebuild an index for minutes: they run on a connection of their own, without
  // the statement timeout every pooled connection has.
  const migrator = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 2000 });
  await migrator.connect();
  try {
    await migratePg(drizzlePg({ client: migrator }), { migrationsFolder });
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    connectionTimeoutMillis: 2000,
    options: startupOptions(settings),
  });
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on("error", onIdleError);
  const db = drizzlePg({ client: pool, schema, logger });
  return { db, driver: "postgres", pool, close: () => pool.end() };
}

/** Settings sent when each connection starts, so they hold before its first query. */
function startupOptions(settings: ConnectionSettings) {
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
}
