import { getTableColumns, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { backupTables, backupVersion, leftOutOfBackups } from "../backup/backup-tables.ts";
import * as schema from "../db/schema.ts";
import {
  exportEntry,
  plainColumns,
  promptCodec,
  sqlColumns,
  tableCodecs,
  tableName,
} from "./table-codecs.ts";

/**
 * The columns backup format 6 held, the last format written before columns said which format
 * first held them: a column not here is newer, and must say so (`since`), which moves the
 * backup's format on so an older PromptShelf refuses the file by its version.
 */
const format6: Record<string, string> = {
  users: "id issuer subject email name avatar_url created_at last_sign_in_at",
  profiles: "id username is_public handle display_name show_avatar updated_at",
  folders: "id user_id parent_id name import_run_id created_at",
  tags: "id user_id name import_run_id created_at",
  prompts:
    "id title prompt_text category user_id is_shared created_by_admin folder_id copy_count source_prompt_id source_version save_count version version_author_id version_note version_restored_from import_run_id created_at updated_at",
  prompt_versions:
    "prompt_id number title category prompt_text author_id note restored_from created_at purged_at purged_by",
  prompt_tags: "prompt_id tag_id",
  favourites: "user_id prompt_id created_at",
  prompt_copies: "prompt_id user_id day",
  daily_prompts: "day prompt_id",
  collections: "id user_id title description is_public created_at updated_at",
  collection_items: "collection_id prompt_id position note added_at",
  collection_stars: "collection_id user_id created_at",
  model_connections:
    "id user_id name kind base_url default_model sealed_key key_secret_id created_at updated_at",
  prompt_runs:
    "id prompt_id version user_id connection_id connection_name model temperature max_tokens values output usage ms first_token_ms created_at",
  prompt_tests: "id prompt_id name values checks created_at updated_at",
  prompt_test_results:
    "test_id prompt_id version passed output failures connection_name model created_at",
};

describe("one codec per table", () => {
  it.each(tableCodecs.map((codec) => [tableName(codec), codec] as const))(
    "%s: every column of the schema has its codec, and the codec no column the schema lacks",
    (_name, codec) => {
      const columns = Object.keys(getTableColumns(codec.table)).sort();
      const declared = Object.entries(codec.fields)
        .filter(([, field]) => field.kind !== "joined")
        .map(([key]) => key)
        .sort();
      expect(declared).toEqual(columns);
    },
  );

  it("covers every table of the schema but those no backup holds", () => {
    const inSchema = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableConfig(table as PgTable).name)
      .sort();
    expect([...tableCodecs.map(tableName), ...leftOutOfBackups].sort()).toEqual(inSchema);
  });

  it("has a column newer than backup format 6 say so, which moves the format on", () => {
    const newer = tableCodecs.flatMap((codec) =>
      sqlColumns(codec)
        .filter((column) => !(format6[tableName(codec)] ?? "").split(" ").includes(column.name))
        .map((column) => ({ column: `${tableName(codec)}.${column.name}`, ...column.codec })),
    );
    for (const column of newer) {
      expect(column, `${column.column} needs since: 7 or later`).toMatchObject({
        since: expect.any(Number),
      });
      expect(column.since).toBeGreaterThan(6);
    }
    expect(backupVersion).toBe(newer.length ? Math.max(...newer.map((c) => c.since ?? 0)) : 6);
  });

  it("derives the backup's tables: keys, second-pass columns and derived ones as before", () => {
    expect(backupTables.find((table) => table.name === "prompts")).toMatchObject({
      key: ["id"],
      later: ["source_prompt_id"],
      derived: ["save_count"],
    });
    expect(backupTables.find((table) => table.name === "folders")).toMatchObject({
      later: ["parent_id"],
    });
    expect(
      Object.fromEntries(backupTables.map((table) => [table.name, table.key.join(",")])),
    ).toMatchObject({
      prompt_versions: "prompt_id,number",
      prompt_tags: "prompt_id,tag_id",
      favourites: "user_id,prompt_id",
      prompt_copies: "prompt_id,user_id,day",
      daily_prompts: "day",
      collection_items: "collection_id,prompt_id",
      collection_stars: "collection_id,user_id",
      prompt_test_results: "test_id,version",
    });
  });

  it("takes a plain column from a prompt's row to its entry and back, with no other code", () => {
    const pinned = new Date("2026-11-27T09:00:00.123Z");
    const entry = exportEntry(
      promptCodec,
      { description: "For the weekly report", pinnedAt: pinned, position: "a0" },
      { tags: [], favourite: false },
    );
    expect(entry).toMatchObject({
      description: "For the weekly report",
      pinnedAt: pinned.toISOString(),
    });
    expect(entry).not.toHaveProperty("position");
    const refuse = (field: string, problem: string): never => {
      throw new Error(`${field} ${problem}`);
    };
    expect(plainColumns(promptCodec, JSON.parse(JSON.stringify(entry)), refuse)).toEqual({
      description: "For the weekly report",
      pinnedAt: pinned,
    });
    expect(() => plainColumns(promptCodec, { description: "a\u0000b" }, refuse)).toThrow(
      /^description /,
    );
  });
});
