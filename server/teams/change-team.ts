import { and, eq, exists, sql } from "drizzle-orm";
import type { TeamSummary } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { teamMembers, teams } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireTeamRole } from "./team-access.ts";
import { logTeamActivity } from "./team-activity.ts";

/** Renames a team: its owners may. */
export async function renameTeam(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
  name: string;
}): Promise<TeamSummary> {
  const viewer = requireViewer(options.viewer);
  const { name: before } = await requireTeamRole(options.db, viewer, options.teamId, "owner");
  return options.db.transaction(async (tx) => {
    await tx.update(teams).set({ name: options.name }).where(eq(teams.id, options.teamId));
    await logTeamActivity(tx, {
      teamId: options.teamId,
      actorId: viewer.userId,
      action: "team_renamed",
      detail: { from: before, to: options.name },
    });
    const members = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, options.teamId));
    return { id: options.teamId, name: options.name, role: "owner", memberCount: members.length };
  });
}

/**
 * Deletes a team with everything in it: its prompts, their versions, its invitations and log.
 * Its owners may. Every member loses it at once (their kept pages are told by the database).
 */
export async function deleteTeam(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  await requireTeamRole(options.db, viewer, options.teamId, "owner");
  // Still an owner as it is deleted: a demotion in between leaves the team standing.
  await options.db.delete(teams).where(
    and(
      eq(teams.id, options.teamId),
      exists(
        options.db
          .select({ one: sql`1` })
          .from(teamMembers)
          .where(
            and(
              eq(teamMembers.teamId, options.teamId),
              eq(teamMembers.userId, viewer.userId),
              eq(teamMembers.role, "owner"),
            ),
          ),
      ),
    ),
  );
}
