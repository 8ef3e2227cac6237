import type { TeamSummary } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { teamMembers, teams } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";

/**
 * A new team, its maker its owner. The database refuses one past TEAMS_PER_PERSON (PS012), and
 * the team and its first member are written together or not at all.
 */
export async function createTeam(options: {
  db: Database;
  viewer: Viewer | null;
  name: string;
}): Promise<TeamSummary> {
  const viewer = requireViewer(options.viewer);
  return options.db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ name: options.name }).returning();
    if (!team) throw new Error("insert returned no row");
    await tx.insert(teamMembers).values({ teamId: team.id, userId: viewer.userId, role: "owner" });
    return { id: team.id, name: team.name, role: "owner", memberCount: 1 };
  });
}
