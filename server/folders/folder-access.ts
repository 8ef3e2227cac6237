import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { folders } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";

/**
 * Folders are private: a folder is found only by its owner. Anyone else's folder, an
 * administrator's included, is "not found".
 */
export async function requireOwnFolder(db: Pick<Database, "select">, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new AppError("not_found", "Folder not found", "folder_not_found");
  const [folder] = await db
    .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.userId, viewer.userId)));
  if (!folder) throw new AppError("not_found", "Folder not found", "folder_not_found");
  return folder;
}

/** Refuses a second folder of the same name (any case) beside another. */
export async function assertNameFree(
  db: Pick<Database, "select">,
  viewer: Viewer,
  name: string,
  parentId: string | null,
  except?: string,
) {
  const [clash] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.userId, viewer.userId),
        parentId ? eq(folders.parentId, parentId) : sql`${folders.parentId} is null`,
        sql`lower(${folders.name}) = lower(${name})`,
        except ? sql`${folders.id} <> ${except}` : undefined,
      ),
    );
  if (clash) {
    throw new AppError(
      "invalid_input",
      `A folder called "${name}" is already there`,
      "folder_name_taken",
    );
  }
}
