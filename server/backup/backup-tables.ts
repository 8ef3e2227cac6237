/**
 * Every table a backup holds, parents before children, each with its key (for reading in
 * order) and any column pointing into its own table (restored in a second pass).
 */
export const backupTables = [
  { name: "users", key: ["id"], later: [] },
  { name: "profiles", key: ["id"], later: [] },
  { name: "folders", key: ["id"], later: ["parent_id"] },
  { name: "tags", key: ["id"], later: [] },
  { name: "prompts", key: ["id"], later: ["source_prompt_id"] },
  { name: "prompt_tags", key: ["prompt_id", "tag_id"], later: [] },
  { name: "favourites", key: ["user_id", "prompt_id"], later: [] },
  { name: "prompt_copies", key: ["prompt_id", "user_id", "day"], later: [] },
  { name: "daily_prompts", key: ["day"], later: [] },
] as const;

/**
 * Tables no backup holds, and no restore accepts. Sessions and sign-ins in progress are secrets:
 * a backup that held them (or a crafted one) could sign someone in. Rate limit counts and import
 * runs are over in minutes; library usage is counted again by the database as rows are restored.
 */
export const leftOutOfBackups = [
  "sessions",
  "sign_in_attempts",
  "rate_limits",
  "import_runs",
  "library_usage",
];

export type BackupTable = (typeof backupTables)[number];

export const backupFormat = "promptshelf-backup";
/**
 * 2: without sessions, sign-ins in progress and rate limits. A restore reads 1 and 2, skipping
 * those rows in a 1 and refusing a 2 that holds them.
 */
export const backupVersion = 2;
export const readableVersions = [1, 2];
