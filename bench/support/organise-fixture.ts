import type { DatabaseHandle } from "../../server/db/client.ts";
import { query } from "./seed-library.ts";

export const benchFolderName = "Bench folder";
export const benchTagName = "bench-tag";

/**
 * Organises the bench user's own prompts the way a heavy user would: half of them filed in one
 * folder, a third of them tagged. On a library it already organised, it changes nothing.
 */
export async function organiseBenchLibrary(handle: DatabaseHandle, userId: string) {
  const folderId = await findOrCreate(handle, "folders", userId, benchFolderName);
  const tagId = await findOrCreate(handle, "tags", userId, benchTagName);
  await query(
    handle,
    `UPDATE prompts SET folder_id = $2 WHERE id IN (
       SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM prompts WHERE user_id = $1) own
       WHERE n % 2 = 0) AND folder_id IS DISTINCT FROM $2`,
    [userId, folderId],
  );
  await query(
    handle,
    `INSERT INTO prompt_tags (prompt_id, tag_id)
     SELECT id, $2 FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM prompts WHERE user_id = $1) own
     WHERE n % 3 = 0
     ON CONFLICT DO NOTHING`,
    [userId, tagId],
  );
  // What autovacuum does soon after such changes: the planner sees the tags as they now are.
  await query(handle, "ANALYZE folders, tags, prompt_tags");
  return { folderId };
}

async function findOrCreate(
  handle: DatabaseHandle,
  table: "folders" | "tags",
  userId: string,
  name: string,
) {
  const [found] = await query<{ id: string }>(
    handle,
    `SELECT id FROM ${table} WHERE user_id = $1 AND name = $2`,
    [userId, name],
  );
  if (found) return found.id;
  const [created] = await query<{ id: string }>(
    handle,
    `INSERT INTO ${table} (user_id, name) VALUES ($1, $2) RETURNING id`,
    [userId, name],
  );
  if (!created) throw new Error(`could not create the bench ${table}`);
  return created.id;
}
