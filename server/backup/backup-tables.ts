/**
 * Every table a backup holds, parents before children, each with its key (for reading in
 * order), any column pointing into its own table (restored in a second pass), and any column
 * the database derives from other rows (derived). A backup writes derived values as they are,
 * but a restore checks them like any value and then leaves them to the database: a prompt's
 * save_count is counted again by its trigger as the second pass links each saved copy to its
 * original, so taking the backup's count too would count every save twice.
 */
export const backupTables = [
  { name: "users", key: ["id"], later: [], derived: [] },
  { name: "profiles", key: ["id"], later: [], derived: [] },
  { name: "folders", key: ["id"], later: ["parent_id"], derived: [] },
  { name: "tags", key: ["id"], later: [], derived: [] },
  { name: "prompts", key: ["id"], later: ["source_prompt_id"], derived: ["save_count"] },
  { name: "prompt_versions", key: ["prompt_id", "number"], later: [], derived: [] },
  { name: "prompt_tags", key: ["prompt_id", "tag_id"], later: [], derived: [] },
  { name: "favourites", key: ["user_id", "prompt_id"], later: [], derived: [] },
  { name: "prompt_copies", key: ["prompt_id", "user_id", "day"], later: [], derived: [] },
  { name: "daily_prompts", key: ["day"], later: [], derived: [] },
  { name: "collections", key: ["id"], later: [], derived: [] },
  { name: "collection_items", key: ["collection_id", "prompt_id"], later: [], derived: [] },
  { name: "collection_stars", key: ["collection_id", "user_id"], later: [], derived: [] },
  // A connection's key is held sealed: restored under the same CONNECTION_SECRET it opens again,
  // under another it is absent and its person enters it again.
  { name: "model_connections", key: ["id"], later: [], derived: [] },
  { name: "prompt_runs", key: ["id"], later: [], derived: [] },
  { name: "prompt_tests", key: ["id"], later: [], derived: [] },
  { name: "prompt_test_results", key: ["test_id", "version"], later: [], derived: [] },
] as const;

/**
 * Tables no backup holds, and no restore accepts. Sessions, access tokens (OAuth ones with their
 * clients and codes) and sign-ins in progress are credentials: a backup that held them (or a
 * crafted one) could sign someone in, so after a restore people sign in and make tokens again.
 * Rate limit counts and import runs are over in minutes; library usage is counted again by the
 * database as rows are restored. Deleted shared prompts' ids only turn a page's 404 into a 410.
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
 */
export const backupVersion = 6;
export const readableVersions = [1, 2, 3, 4, 5, 6];
/** Backups older than this were written before prompts had versions. */
export const firstVersionWithHistory = 3;
