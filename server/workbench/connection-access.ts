import { and, eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { modelConnections } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";

export type ConnectionRow = typeof modelConnections.$inferSelect;

/**
 * Who may use, change and delete a connection, in one place: the person who added it (a team's
 * owner, for a team's, once teams exist). To anyone else it does not exist: "not found", so
 * neither its name nor its existence leaks.
 */
export function connectionsOf(viewer: Viewer) {
  return eq(modelConnections.userId, viewer.userId);
}

export async function requireConnection(db: Database, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw connectionNotFound();
  const [row] = await db
    .select()
    .from(modelConnections)
    .where(and(eq(modelConnections.id, id), connectionsOf(viewer)));
  if (!row) throw connectionNotFound();
  return row;
}

function connectionNotFound() {
  return new AppError("not_found", "Connection not found", "connection_not_found");
}
