import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { CreatedInvitation, TeamInvitation, TeamRole } from "../../shared/teams.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { teamInvitations, teamMembers, teams, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { isUuid } from "../uuid.ts";
import { requireTeamRole } from "./team-access.ts";
import { logTeamActivity } from "./team-activity.ts";
import type { InvitationInput } from "./team-input.ts";

/** Where an invitation's link leads: its page, which signs the person in first if need be. */
export const invitationPath = (code: string) => `/invitations/${code}`;

/**
 * A link that lets people join the team as `role`, good for `expiresInDays` days and `maxUses`
 * people: owners make them. Only the code's hash is kept, so the link is shown this once.
 */
export async function createInvitation(
  options: {
    db: Database;
    viewer: Viewer | null;
    teamId: string;
    origin: string;
  } & InvitationInput,
): Promise<CreatedInvitation> {
  const viewer = requireViewer(options.viewer);
  await requireTeamRole(options.db, viewer, options.teamId, "owner");
  const code = randomToken();
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        teamId: options.teamId,
        codeHash: sha256(code),
        role: options.role,
        maxUses: options.maxUses,
        createdBy: viewer.userId,
        expiresAt: sql`now() + make_interval(days => ${options.expiresInDays})`,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await logTeamActivity(tx, {
      teamId: options.teamId,
      actorId: viewer.userId,
      action: "invitation_created",
      detail: { invitationId: row.id, role: options.role, maxUses: options.maxUses },
    });
    return {
      ...invitationOf(row, { id: viewer.userId, name: viewer.name }),
      code,
      url: new URL(invitationPath(code), options.origin).toString(),
    };
  });
}

/** The team's invitations, newest first: owners see them (never their codes). */
export async function listInvitations(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
}): Promise<{ items: TeamInvitation[] }> {
  const viewer = requireViewer(options.viewer);
  await requireTeamRole(options.db, viewer, options.teamId, "owner");
  const rows = await options.db
    .select({ invitation: teamInvitations, makerName: users.name })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.createdBy))
    .where(eq(teamInvitations.teamId, options.teamId))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return {
    items: rows.map(({ invitation, makerName }) =>
      invitationOf(
        invitation,
        invitation.createdBy ? { id: invitation.createdBy, name: makerName } : null,
      ),
    ),
  };
}

function invitationOf(
  row: typeof teamInvitations.$inferSelect,
  createdBy: TeamInvitation["createdBy"],
): TeamInvitation {
  return {
    id: row.id,
    role: row.role as TeamRole,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt.toISOString(),
    revoked: row.revokedAt !== null,
    createdAt: row.createdAt.toISOString(),
    createdBy,
  };
}

/** Revokes an invitation: no one joins by it after this. Owners may. */
export async function revokeInvitation(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
  invitationId: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  await requireTeamRole(options.db, viewer, options.teamId, "owner");
  if (!isUuid(options.invitationId)) throw invitationNotFound();
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(teamInvitations)
      .set({ revokedAt: sql`coalesce(${teamInvitations.revokedAt}, now())` })
      .where(
        and(
          eq(teamInvitations.id, options.invitationId),
          eq(teamInvitations.teamId, options.teamId),
        ),
      )
      .returning({ id: teamInvitations.id });
    if (!row) throw invitationNotFound();
    await logTeamActivity(tx, {
      teamId: options.teamId,
      actorId: viewer.userId,
      action: "invitation_revoked",
      detail: { invitationId: row.id },
    });
  });
}

/** A usable invitation as the person who opened its link sees it: the team and the role. */
export async function readInvitation(options: { db: Database; code: string }) {
  const [row] = await options.db
    .select({ teamId: teams.id, teamName: teams.name, role: teamInvitations.role })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(usable(options.code));
  if (!row) throw invitationNotFound();
  return { ...row, role: row.role as TeamRole };
}

/**
 * Joins the team by the invitation, as its role. A member already keeps the role they have and
 * uses nothing up. Each use is counted on the invitation's row, locked while it is taken, so an
 * invitation for one accepted twice at once lets one person in; the database checks the team's
 * size and the person's number of teams (PS013, PS012).
 */
export async function acceptInvitation(options: {
  db: Database;
  viewer: Viewer | null;
  code: string;
}): Promise<{ teamId: string; role: TeamRole }> {
  const viewer = requireViewer(options.viewer);
  return options.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ id: teamInvitations.id, teamId: teamInvitations.teamId })
      .from(teamInvitations)
      .where(usable(options.code))
      .for("update");
    if (!invitation) throw invitationNotFound();
    const [already] = await tx
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, invitation.teamId), eq(teamMembers.userId, viewer.userId)));
    if (already) return { teamId: invitation.teamId, role: already.role as TeamRole };
    // Counted again under the lock: the use before this one may have been the last.
    const [taken] = await tx
      .update(teamInvitations)
      .set({ uses: sql`${teamInvitations.uses} + 1` })
      .where(
        and(
          eq(teamInvitations.id, invitation.id),
          lt(teamInvitations.uses, teamInvitations.maxUses),
        ),
      )
      .returning({ role: teamInvitations.role });
    if (!taken) throw invitationNotFound();
    const role = taken.role as TeamRole;
    await tx.insert(teamMembers).values({ teamId: invitation.teamId, userId: viewer.userId, role });
    await logTeamActivity(tx, {
      teamId: invitation.teamId,
      actorId: viewer.userId,
      action: "member_joined",
      subjectUserId: viewer.userId,
      detail: { role, invitationId: invitation.id },
    });
    return { teamId: invitation.teamId, role };
  });
}

/** The invitation with this code, while it is neither revoked, expired nor used up. */
function usable(code: string) {
  return and(
    eq(teamInvitations.codeHash, sha256(code)),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, sql`now()`),
    lt(teamInvitations.uses, teamInvitations.maxUses),
  );
}

const invitationNotFound = () =>
  new AppError(
    "not_found",
    "This invitation is not valid: it may have expired, been used up or been revoked",
    "invitation_not_found",
  );
