/**
 * Teams: a shared library for a group. A member is a viewer (reads, copies, uses, saves a copy,
 * stars), an editor (also writes the team's prompts) or an owner (also manages the team).
 */
export const teamRoles = ["viewer", "editor", "owner"] as const;
export type TeamRole = (typeof teamRoles)[number];

/** Whether a role may do what `least` may: owners all an editor may, editors all a viewer may. */
export function roleAtLeast(role: TeamRole | null, least: TeamRole): boolean {
  return role !== null && teamRoles.indexOf(role) >= teamRoles.indexOf(least);
}

export const teamNameMaxLength = 60;

/** An invitation link: good for 7 days unless asked otherwise, at most 90; used once unless asked. */
export const invitationDefaultDays = 7;
export const invitationMaxDays = 90;
export const invitationMaxUses = 500;

/** A team as its member sees it in their list. */
export interface TeamSummary {
  id: string;
  name: string;
  role: TeamRole;
  memberCount: number;
}

export interface TeamMember {
  userId: string;
  name: string | null;
  email: string;
  role: TeamRole;
}

/** An invitation as its team's owners see it; the code itself is shown once, at creation. */
export interface TeamInvitation {
  id: string;
  role: TeamRole;
  maxUses: number;
  uses: number;
  expiresAt: string;
  revoked: boolean;
  createdAt: string;
  /** The owner who made it; null once their account is gone. */
  createdBy: { id: string; name: string | null } | null;
}

/** An invitation as made: its link (`url`, holding `code`), shown this once. */
export interface CreatedInvitation extends TeamInvitation {
  code: string;
  url: string;
}

/** What is logged of a team (its activity), each entry one of these. */
export const teamActions = [
  "prompt_created",
  "prompt_edited",
  "prompt_deleted",
  "prompt_moved_in",
  "prompt_restored",
  "prompts_imported",
  "prompt_labelled",
  "prompt_unlabelled",
  "prompt_shared",
  "prompt_unshared",
  "suggestion_made",
  "suggestion_accepted",
  "suggestion_declined",
  "member_joined",
  "member_left",
  "member_removed",
  "role_changed",
  "invitation_created",
  "invitation_revoked",
  "team_renamed",
] as const;
export type TeamAction = (typeof teamActions)[number];

/**
 * The entries about prompts: what every member sees of the log; owners see all of it. A
 * suggestion made or declined is between its author and the team's editors (a viewer sees only
 * their own suggestions), so only owners read those entries; one accepted is an edit like any.
 */
export const promptActions: ReadonlySet<TeamAction> = new Set([
  "prompt_created",
  "prompt_edited",
  "prompt_deleted",
  "prompt_moved_in",
  "prompt_restored",
  "prompts_imported",
  "prompt_labelled",
  "prompt_unlabelled",
  "prompt_shared",
  "prompt_unshared",
  "suggestion_accepted",
]);

export interface TeamActivityEntry {
  id: string;
  action: TeamAction;
  at: string;
  actor: { id: string; name: string | null } | null;
  promptId: string | null;
  subjectUserId: string | null;
  /** Who it happened to (joined, removed, given a role), named even once they have left. */
  subject: { id: string; name: string | null } | null;
  detail: Record<string, string | number | null>;
}
