import { getTableConfig } from "drizzle-orm/pg-core";
import { sqlColumns, tableCodecs } from "../library-data/table-codecs.ts";

/**
 * Every table a backup holds, parents before children, each with its key (for reading in
 * order), any column pointing into its own table (restored in a second pass), and any column
 * the database derives from other rows (derived): all from the tables' codecs
 * (server/library-data/table-codecs.ts). A backup writes derived values as they are, but a
 * restore checks them like any value and then leaves them to the database: a prompt's
 * save_count is counted again by its trigger as the second pass links each saved copy to its
 * original, so taking the backup's count too would count every save twice.
 */
export const backupTables = tableCodecs.map((codec) => {
  const config = getTableConfig(codec.table);
  const columns = sqlColumns(codec);
  const withRule = (rule: "later" | "derived") =>
    columns.filter((column) => column.codec.restore === rule).map((column) => column.name);
  return {
    name: config.name,
    key: (config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary)).map(
      (column) => column.name,
    ),
    later: withRule("later"),
    derived: withRule("derived"),
    /** The backup format that first held each of its columns. */
    since: Math.max(...columns.map((column) => column.codec.since ?? 1)),
  };
});

/**
 * Tables no backup holds, and no restore accepts. Sessions, access tokens (OAuth ones with their
 * clients and codes) and sign-ins in progress are credentials: a backup that held them (or a
 * crafted one) could sign someone in, so after a restore people sign in and make tokens again.
 * Rate limit counts and import runs are over in minutes; library usage (a person's and a team's) is counted
 * again by the database as rows are restored. Deleted shared prompts' ids only turn a page's 404 into a 410.
 * Stored pages are rendered again from what is restored. Library limits are the deployment's,
 * written by each start of the app.
 */
export const leftOutOfBackups = [
  "sessions",
  "access_tokens",
  "oauth_clients",
  "oauth_codes",
  "sign_in_attempts",
  "rate_limits",
  "import_runs",
  "library_usage",
  "team_usage",
  "gone_prompts",
  "stored_pages",
  "library_limits",
];

export type BackupTable = (typeof backupTables)[number];

export const backupFormat = "promptshelf-backup";
/**
 * 2: without sessions, sign-ins in progress and rate limits. A restore reads 1 and 2, skipping
 * those rows in a 1 and refusing a 2 that holds them.
 * 3: with prompt versions (prompt_versions, and the prompts' version and saved-copy columns of
 * drizzle/0014). Its rows need that schema, so an older PromptShelf must refuse the file by its
 * version, before any row, rather than part way at the first table it lacks. A 1 or a 2 still
 * restores: its prompts are at version 1, and its saved copies took their original's version 1,
 * as drizzle/0014 says of copies saved before versions existed.
 * 4: with public profiles (the profiles' new columns) and collections, their items and stars
 * (drizzle/0017). A 1, 2 or 3 restores with every profile off and no collections.
 * 5: with purged versions (prompt_versions' purged_at and purged_by, drizzle/0019). A 1 to 4
 * restores with no version purged.
 * 6: with the workbench (drizzle/0022): model connections (keys sealed), kept runs, test cases
 * and their outcomes. A 1 to 5 restores with none.
 * From 7, a column's codec says which format first held it (`since`), and the format is the
 * newest of them: a new column moves it on with no other change. A backup of an earlier format
 * restores with the newer columns at their defaults.
 */
export const backupVersion = Math.max(6, ...backupTables.map((table) => table.since));
export const readableVersions = Array.from({ length: backupVersion }, (_, index) => index + 1);
/** Backups older than this were written before prompts had versions. */
export const firstVersionWithHistory = 3;
