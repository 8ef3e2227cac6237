/**
 * Every table a backup holds, parents before children, each with its key (for reading in
 * order) and any column pointing into its own table (restored in a second pass).
 */
export const backupTables = [
  { name: "users", key: ["id"], later: [] },
  { name: "profiles", key: ["id"], later: [] },
  { name: "sessions", key: ["token_hash"], later: [] },
  { name: "sign_in_attempts", key: ["id_hash"], later: [] },
  { name: "folders", key: ["id"], later: ["parent_id"] },
  { name: "tags", key: ["id"], later: [] },
  { name: "prompts", key: ["id"], later: ["source_prompt_id"] },
  { name: "prompt_tags", key: ["prompt_id", "tag_id"], later: [] },
  { name: "favourites", key: ["user_id", "prompt_id"], later: [] },
  { name: "daily_prompts", key: ["day"], later: [] },
  { name: "rate_limits", key: ["key", "window_start"], later: [] },
] as const;

export type BackupTable = (typeof backupTables)[number];

export const backupFormat = "promptshelf-backup";
