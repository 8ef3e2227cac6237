import { and, asc, eq, sql } from "drizzle-orm";
import type { TeamMember, TeamRole } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { teamMembers, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { isUuid } from "../uuid.ts";
import { requireTeamRole } from "./team-access.ts";
import { logTeamActivity } from "./team-activity.ts";

/** A team's members, owners first, then by name: any member may see who is in it. */
export async function listMembers(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
}): Promise<{ items: TeamMember[] }> {
  const viewer = requireViewer(options.viewer);
  await requireTeamRole(options.db, viewer, options.teamId, "viewer");
  const rows = await options.db
    .select({
      userId: teamMembers.userId,
      name: users.name,
      email: users.email,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, options.teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'owner' then 0 when 'editor' then 1 else 2 end`,
      asc(sql`lower(coalesce(${users.name}, ${users.email}))`),
      asc(teamMembers.userId),
    );
  return { items: rows.map((row) => ({ ...row, role: row.role as TeamRole })) };
}

/**
 * Gives a member another role: owners may. The database refuses taking the last owner's role
 * away (PS014), two owners demoting each other at once included.
 */
export async function changeMemberRole(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
  userId: string;
  role: TeamRole;
}): Promise<TeamMember> {
  const viewer = requireViewer(options.viewer);
  await requireTeamRole(options.db, viewer, options.teamId, "owner");
  return options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(member(options.teamId, options.userId))
      .for("update");
    if (!before) throw memberNotFound();
    const [after] = await tx
      .update(teamMembers)
      .set({ role: options.role })
      .where(member(options.teamId, options.userId))
      .returning({ userId: teamMembers.userId });
    if (!after) throw memberNotFound();
    if (before.role !== options.role) {
      await logTeamActivity(tx, {
        teamId: options.teamId,
        actorId: viewer.userId,
        action: "role_changed",
        subjectUserId: options.userId,
        detail: { from: before.role, to: options.role },
      });
    }
    const [person] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, options.userId));
    return {
      userId: options.userId,
      name: person?.name ?? null,
      email: person?.email ?? "",
      role: options.role,
    };
  });
}

/**
 * Takes a member out of the team: an owner may remove anyone, and anyone may leave. The last
 * owner cannot leave (PS014): they make someone else owner first, or delete the team.
 */
export async function removeMember(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
  userId: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  const leaving = options.userId === viewer.userId;
  await requireTeamRole(options.db, viewer, options.teamId, leaving ? "viewer" : "owner");
  await options.db.transaction(async (tx) => {
    const gone = await tx
      .delete(teamMembers)
      .where(member(options.teamId, options.userId))
      .returning({ userId: teamMembers.userId });
    if (gone.length === 0) throw memberNotFound();
    await logTeamActivity(tx, {
      teamId: options.teamId,
      actorId: viewer.userId,
      action: leaving ? "member_left" : "member_removed",
      subjectUserId: options.userId,
    });
  });
}

function member(teamId: string, userId: string) {
  if (!isUuid(userId)) throw memberNotFound();
  return and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));
}

const memberNotFound = () => new AppError("not_found", "No such member", "team_not_found");
