import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { projectRoot } from "../project-root.ts";
import type { ConnectionSettings } from "./connection-settings.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { writeDeploymentSettings } from "./deployment-settings.ts";
import { keepStatistics } from "./embedded-statistics.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The Drizzle handle, plus the driver's own client for what Drizzle does not cover (dumps, LISTEN). */
export type DatabaseHandle = { db: Database; close(): Promise<void> } & (
  | { driver: "pglite"; client: PGlite }
  | {
      driver: "postgres";
      pool: pg.Pool;
      /** Where a connection of its own goes, for what needs one session throughout (LISTEN). */
      directUrl: string;
    }
);

export type DatabaseTarget =
  | { driver: "pglite"; dataDir: string }
  /** In memory, empty or loaded from a dumped data directory (tests). */
  | { driver: "pglite"; memory: true; snapshot?: Blob }
  | {
      driver: "postgres";
      /** What the pool connects to: the database, or a connection pooler in front of it. */
      url: string;
      /**
       * The database itself, not through a pooler, for what needs one session throughout:
       * migrations, the deployment's settings and LISTEN. The same as `url` unless given.
       */
      directUrl?: string;
      /**
       * Whether statements are kept prepared by name on each connection (prepared.ts). Off
       * behind a pooler in transaction mode that cannot keep them (PgBouncer before 1.21, or
       * without max_prepared_statements): each statement is then parsed where it runs.
       */
      preparedStatements?: boolean;
      poolSize?: number;
    };

const migrationsFolder = join(projectRoot, "drizzle");

/** Opens the database and brings its schema up to date with the checked-in migrations. */
export interface OpenOptions {
  onIdleError?: (error: Error) => void;
  /** Sees every statement Drizzle sends (tests count queries with it). */
  onQuery?: (sql: string) => void;
  /**
   * The deployment's timeouts and library limits (see connection-settings.ts), written where
   * every connection sees them (deployment-settings.ts); left as they are when not given.
   */
  settings?: ConnectionSettings;
  /**
   * PostgreSQL: how long a statement waits for a free connection of the pool before the database
   * counts as unavailable (503, Retry-After); 2 s unless given.
   */
  connectionWaitMs?: number;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const settings = options.settings;
  if (target.driver === "postgres") {
    return openPostgres(target, { ...options, settings }, logger);
  }
  return openPglite(target, settings, logger);
}

type QueryLogger = { logQuery: (sql: string) => void } | undefined;

/** The embedded database's code is loaded only when it is the one in use. */
async function openPglite(
  target: { dataDir: string } | { memory: true; snapshot?: Blob },
  settings: ConnectionSettings | undefined,
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
  settings: ConnectionSettings | undefined,
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
    if (settings) {
      await writeDeploymentSettings(
        (text, params) => client.query(text, params),
        settings,
        "pglite",
      );
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
  target: Extract<DatabaseTarget, { driver: "postgres" }>,
  options: Pick<OpenOptions, "settings" | "onIdleError" | "connectionWaitMs">,
  logger: QueryLogger = undefined,
): Promise<DatabaseHandle> {
  const { settings, onIdleError = () => {} } = options;
  const directUrl = target.directUrl ?? target.url;
  // Migrations may rebuild an index for minutes: they run on a session of their own, without
  // the statement timeout every other connection has, and write the deployment's settings.
  const session = await directSession(directUrl);
  try {
    await migratePg(drizzlePg({ client: session }), { migrationsFolder });
    if (settings) {
      await writeDeploymentSettings(
        (text, params) => session.query(text, params),
        settings,
        "postgres",
      );
    }
  } finally {
    await session.end();
  }
  // No start-up options: a pooler in front of the database drops or refuses them. What every
  // connection needs (timeouts, limits) is in the database itself.
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionWaitMs ?? 2000,
  });
  if (target.preparedStatements === false) pool.on("connect", sendUnnamed);
  // A client losing its connection (a database restart) must not crash the process: an idle one
  // reports it to the pool, and one in use (inside a transaction, between its statements) on
  // itself, where nothing listened; its next statement fails as any would while the database
  // is away. Met by the database-down test beside two other test runs.
  pool.on("error", onIdleError);
  pool.on("connect", (client) => client.on("error", onIdleError));
  const db = drizzlePg({ client: pool, schema, logger });
  return { db, driver: "postgres", pool, directUrl, close: () => pool.end() };
}

/**
 * A session on the database itself, told apart from one through a pooler by a setting only a
 * real session keeps: a pooler refuses start-up options (PgBouncer: "unsupported startup
 * parameter") or drops them, and either way the message names what to set.
 */
async function directSession(url: string) {
  const session = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 2000,
    options:
      "-c statement_timeout=0 -c idle_in_transaction_session_timeout=0 -c promptshelf.session=direct",
  });
  try {
    await session.connect();
    const { rows } = await session.query<{ session: string | null }>(
      "select current_setting('promptshelf.session', true) as session",
    );
    if (rows[0]?.session !== "direct") throw new Error("start-up options were dropped");
  } catch (error) {
    await session.end().catch(() => {});
    if (!/unsupported startup parameter|were dropped/.test((error as Error).message)) throw error;
    throw new Error(
      `${redacted(url)} is not a session of its own on the database (a connection pooler?): migrations and live updates need one. Set DIRECT_DATABASE_URL to the database itself. (${(error as Error).message})`,
      { cause: error },
    );
  }
  return session;
}

/** The address without its password, for a message. */
function redacted(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.href;
}

/**
 * Behind a pooler that cannot keep prepared statements, a named statement parsed on one server
 * connection is asked for on another ("prepared statement does not exist"): each goes unnamed.
 */
function sendUnnamed(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(
      typeof config === "object" && config !== null && "name" in config
        ? { ...config, name: undefined }
        : config,
      ...rest,
    );
}
