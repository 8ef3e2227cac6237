import type { PGlite } from "@electric-sql/pglite";

/** How often the embedded database looks for tables whose statistics have fallen behind. */
export const statisticsCheckMs = 10_000;

/**
 * Tables changed by more than 50 rows and a tenth of their size since they were last analysed,
 * PostgreSQL's own rule for analysing a table again (autovacuum_analyze_threshold and
 * autovacuum_analyze_scale_factor); and, since those counts start from nothing whenever the
 * database is opened, tables grown by more than a tenth (and 8 pages) past the size their
 * statistics were taken at, never analysed ones among them.
 */
const behindTables = `
  select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
     or pg_relation_size(c.oid) / current_setting('block_size')::int > 8 + 1.1 * c.relpages`;

/**
 * Keeps the planner's statistics current in the embedded database, which has no autovacuum:
 * without them every plan assumes a handful of rows, and a person's 1,500 prompts were read
 * whole and sorted where the index in date order would have stopped at the first matches (the
 * palette's first keys took 36 ms instead of 17). Tables that need it are analysed when the
 * database opens and then every `statisticsCheckMs`, one query on the one connection each time.
 */
export async function keepStatistics(client: PGlite) {
  await analyseBehind(client);
  let running = false;
  const timer = setInterval(() => {
    if (running || client.closed) return;
    running = true;
    analyseBehind(client)
      .catch(() => {
        // A check that fails (the database closing under it) is tried again at the next tick.
      })
      .finally(() => {
        running = false;
      });
  }, statisticsCheckMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * How many rows' worth of statistics the embedded database keeps (PostgreSQL's default is 100):
 * ANALYZE reads 300 times this many rows, on the one thread that answers every request too. At
 * 20,000 prompts (a largest import) the default took 316-353 ms, a target of 25 takes 79.
 */
export const embeddedStatisticsTarget = 25;

/** Analyses the tables whose statistics are behind, and names them. */
export async function analyseBehind(client: PGlite) {
  const { rows } = await client.query<{ name: string }>(behindTables);
  const names = rows.map((row) => row.name);
  if (names.length > 0) {
    await client.transaction(async (tx) => {
      await tx.exec(`set local default_statistics_target = ${embeddedStatisticsTarget}`);
      await tx.exec(`analyze ${names.join(", ")}`);
    });
  }
  return names;
}
