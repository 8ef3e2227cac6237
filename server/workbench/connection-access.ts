import { and, asc, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { TeamRole } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { modelConnections, teamMembers, teams } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";

export type ConnectionRow = typeof modelConnections.$inferSelect;

/** A connection as the viewer holds it: with its team's name and their role there, if a team's. */
export interface HeldConnection extends ConnectionRow {
  teamName: string | null;
  teamRole: TeamRole | null;
}

/**
 * Who may do what with a connection, in one place. A person's own: they alone use, change and
 * delete it. A team's: every member runs with it (its key stays on the server, as any key
 * does), its owners change and delete it. To anyone else it does not exist: "not found", so
 * neither its name nor its existence leaks. Membership is read with the connection, so someone
 * removed from a team cannot use its connections from their next request on.
 */
export function mayManage(connection: HeldConnection, viewer: Viewer) {
  return connection.teamId === null
    ? connection.userId === viewer.userId
    : connection.teamRole === "owner";
}

/**
 * The connections the viewer may use (and of them, those `only` names), with what mayManage
 * reads: their own first, then their teams', oldest first.
 */
function heldConnections(db: Database, viewer: Viewer, only?: SQL) {
  return db
    .select({
      connection: modelConnections,
      teamName: teams.name,
      teamRole: sql<TeamRole | null>`${teamMembers.role}`,
    })
    .from(modelConnections)
    .leftJoin(teams, eq(teams.id, modelConnections.teamId))
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.teamId, modelConnections.teamId), eq(teamMembers.userId, viewer.userId)),
    )
    .where(and(or(eq(modelConnections.userId, viewer.userId), isNotNull(teamMembers.userId)), only))
    .orderBy(
      sql`${modelConnections.teamId} is not null`,
      asc(teams.name),
      asc(modelConnections.createdAt),
      asc(modelConnections.id),
    );
}

const held = (row: {
  connection: ConnectionRow;
  teamName: string | null;
  teamRole: TeamRole | null;
}): HeldConnection => ({ ...row.connection, teamName: row.teamName, teamRole: row.teamRole });

export async function listHeldConnections(db: Database, viewer: Viewer) {
  return (await heldConnections(db, viewer)).map(held);
}

/** The connection, if the viewer may use it (`use`), or also change and delete it (`manage`). */
export async function requireConnection(
  db: Database,
  viewer: Viewer,
  id: string,
  need: "use" | "manage" = "use",
): Promise<HeldConnection> {
  if (!isUuid(id)) throw connectionNotFound();
  const [row] = await heldConnections(db, viewer, eq(modelConnections.id, id));
  if (!row) throw connectionNotFound();
  const connection = held(row);
  if (need === "manage" && !mayManage(connection, viewer)) {
    throw new AppError(
      "forbidden",
      "Only the team's owners can change its connections",
      "team_role",
    );
  }
  return connection;
}

function connectionNotFound() {
  return new AppError("not_found", "Connection not found", "connection_not_found");
}
