import type { ConnectionSettings } from "./connection-settings.ts";
import { timeoutSettings } from "./connection-settings.ts";

/** Runs one statement on the connection that writes the settings; parameters as $1, $2... */
type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/**
 * Writes the deployment's settings where every connection sees them, whatever carries it (a
 * connection pooler drops or refuses the options a connection starts with):
 * - the limits (promptshelf.*) into library_limits, which library_limit() reads
 *   (drizzle/0023); a limit with no row refuses every write it governs;
 * - on PostgreSQL, the timeouts as the database's defaults for this role
 *   (ALTER ROLE ... IN DATABASE), which every new session of it starts with.
 * The last instance to start wins: instances started with other values enforce these from their
 * next statement (docs/decisions/0021). One start writes at a time, in one transaction.
 */
export async function writeDeploymentSettings(
  query: Query,
  settings: ConnectionSettings,
  driver: "pglite" | "postgres",
) {
  const limits: [string, string][] = [];
  const timeouts: [string, string][] = [];
  for (const [name, value] of Object.entries(settings)) {
    if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not "${value}"`);
    if (name.startsWith(limitPrefix)) limits.push([name.slice(limitPrefix.length), value]);
    else if (timeoutSettings.has(name)) timeouts.push([name, value]);
    else throw new Error(`unknown database setting ${name}`);
  }
  if (limits.length === 0 && (timeouts.length === 0 || driver === "pglite")) return;
  await query("begin");
  try {
    await query("select pg_advisory_xact_lock(hashtextextended('promptshelf.settings', 0))");
    if (limits.length > 0) {
      const rows = limits.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}::bigint)`).join(", ");
      await query(
        `insert into library_limits (name, value) values ${rows}
          on conflict (name) do update set value = excluded.value, updated_at = now()
          where library_limits.value <> excluded.value`,
        limits.flat(),
      );
    }
    if (driver === "postgres") {
      // Checked digits above: written into the statement, as ALTER ROLE takes no parameters.
      const sets = timeouts
        .map(
          ([name, value]) =>
            `execute format('alter role current_user in database %I set ${name} = %L', current_database(), '${value}');`,
        )
        .join("\n");
      if (sets) await query(`do $$ begin\n${sets}\nend $$`);
    }
    await query("commit");
  } catch (error) {
    await query("rollback");
    throw error;
  }
}

const limitPrefix = "promptshelf.";
