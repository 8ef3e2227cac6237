import { and, eq } from "drizzle-orm";
import { roleAtLeast, type TeamRole } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { teamMembers, teams } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";

/**
 * Who may do what with a team, in one place:
 * - its members see it, its members and its prompts (prompt-access.ts reads membership the same
 *   way, in SQL); to anyone else, administrators too, it is "not found", so it never leaks;
 * - viewers read; editors also write its prompts; owners also manage members, roles,
 *   invitations, its name, and delete it;
 * - anyone may leave, but the last owner (the database keeps every team with one, PS014).
 * Membership is read at every request: removing someone takes effect on their next one.
 */
export async function requireTeamRole(
  db: Pick<Database, "select">,
  viewer: Pick<Viewer, "userId">,
  teamId: string,
  least: TeamRole,
): Promise<{ role: TeamRole; name: string }> {
  const found = await memberOf(db, viewer, teamId);
  if (!found) throw teamNotFound();
  if (!roleAtLeast(found.role, least)) {
    throw new AppError("forbidden", forbidden[least], "team_role");
  }
  return found;
}

const forbidden: Record<TeamRole, string> = {
  viewer: "Only the team's members can do that",
  editor: "Only the team's editors can do that",
  owner: "Only the team's owners can do that",
};

/** The viewer's role in the team and its name, or undefined when they are not in it. */
export async function memberOf(
  db: Pick<Database, "select">,
  viewer: Pick<Viewer, "userId">,
  teamId: string,
) {
  if (!isUuid(teamId)) return undefined;
  const [row] = await db
    .select({ role: teamMembers.role, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, viewer.userId)));
  return row ? { role: row.role as TeamRole, name: row.name } : undefined;
}

export const teamNotFound = () => new AppError("not_found", "Team not found", "team_not_found");
