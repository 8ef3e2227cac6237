import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { tags } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** The viewer's tag of this name (any case); tags are private, so nobody else's is ever found. */
export async function findOwnTag(db: Pick<Database, "select">, viewer: Viewer, name: string) {
  const [tag] = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, viewer.userId), sql`lower(${tags.name}) = lower(${name})`));
  return tag;
}

export async function requireOwnTag(db: Pick<Database, "select">, viewer: Viewer, name: string) {
  const tag = await findOwnTag(db, viewer, name);
  if (!tag) throw new AppError("not_found", "Tag not found", "tag_not_found");
  return tag;
}
