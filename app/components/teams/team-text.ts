import { ApiError } from "~/lib/api-client.ts";
import type { Notice } from "../../../shared/messages.ts";
import { displayName } from "../../../shared/session-user.ts";
import type { TeamMember, TeamRole } from "../../../shared/teams.ts";

/** A role as the screens name it. */
export const roleNames: Record<TeamRole, string> = {
  viewer: "Viewer",
  editor: "Editor",
  owner: "Owner",
};

/** A role in a sentence: "a viewer", "an editor", "an owner". */
export const aRole = (role: TeamRole) => (role === "viewer" ? "a viewer" : `an ${role}`);

/** What each role may do, in a few words (docs/teams.md has the whole table). */
export const roleAbilities: Record<TeamRole, string> = {
  viewer: "read, copy and use the team's prompts",
  editor: "read, copy and use the team's prompts, and write them",
  owner: "write the team's prompts, invite people, change roles and manage the team",
};

/** A member's name, or one made from their email when they have none. */
export const memberName = (member: Pick<TeamMember, "name" | "email">) => displayName(member);

/** "1 member", "3 members". */
export const memberCount = (count: number) => `${count} ${count === 1 ? "member" : "members"}`;

/**
 * The notice for a team call that failed: the server's own words when it refused the request
 * (they name what to change: a limit, the last owner), else `fallback`.
 */
export function teamFailure(error: unknown, fallback: string): Notice {
  return { kind: "error", title: "Error", description: refusalText(error) ?? fallback };
}

/** The server's words for a request it refused (4xx), or null for a failure on the way or a fault. */
export function refusalText(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : null;
}

/** Whether the refusal is the last owner's: the team cannot be left without one. */
export const needsOwner = (error: unknown) =>
  error instanceof ApiError && error.detail === "team_needs_owner";

/** What a last owner is told when they try to leave or step down. */
export const lastOwnerText =
  "You are this team's only owner, so you cannot leave it. Make another member owner first, or delete the team.";
