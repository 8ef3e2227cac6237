import { asc, eq, sql } from "drizzle-orm";
import type { TeamRole, TeamSummary } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { teamMembers, teams } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";

/** The teams the viewer is in, by name, each with their role and how many members it has. */
export async function listTeams(options: {
  db: Database;
  viewer: Viewer | null;
}): Promise<{ items: TeamSummary[] }> {
  const viewer = requireViewer(options.viewer);
  const rows = await options.db
    .select({
      id: teams.id,
      name: teams.name,
      role: teamMembers.role,
      memberCount: sql<number>`(select count(*)::int from ${teamMembers} m where m.team_id = ${teams.id})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, viewer.userId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
  return { items: rows.map((row) => ({ ...row, role: row.role as TeamRole })) };
}
