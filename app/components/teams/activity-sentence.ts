import type { TeamActivityEntry, TeamRole } from "../../../shared/teams.ts";
import { teamRoles } from "../../../shared/teams.ts";
import { aRole } from "./team-text.ts";

/** Names the people an entry mentions by id: the team's members as the page knows them. */
export type NameOf = (userId: string) => string | undefined;

const asRole = (value: unknown): TeamRole | null =>
  teamRoles.find((role) => role === value) ?? null;

const versionOf = (detail: TeamActivityEntry["detail"]) =>
  typeof detail.version === "number" ? `version ${detail.version}` : "a version";

const quoted = (value: unknown, otherwise = "a prompt") =>
  typeof value === "string" && value !== "" ? `“${value}”` : otherwise;

/**
 * An entry of a team's log as a sentence: "Ana edited “Cover letter”", "Ana made Ben an owner".
 * Who acted and whom it concerned are named by the entry (or, when they have no name, by the
 * members' list); an account since deleted reads as a former member.
 */
export function activitySentence(entry: TeamActivityEntry, nameOf: NameOf): string {
  const actor = entry.actor
    ? entry.actor.name || nameOf(entry.actor.id) || "A member"
    : "A former member";
  const detail = entry.detail;
  const subject = () => {
    if (!entry.subjectUserId) return "someone";
    if (entry.actor && entry.subjectUserId === entry.actor.id) return "themselves";
    return entry.subject?.name || nameOf(entry.subjectUserId) || "a former member";
  };
  // As a string: entries of kinds newer than this page read as a change, not a failure.
  switch (entry.action as string) {
    case "prompt_created":
      return `${actor} created ${quoted(detail.title)}`;
    case "prompt_edited":
      return `${actor} edited ${quoted(detail.title)}`;
    case "prompt_deleted":
      return `${actor} deleted ${quoted(detail.title)}`;
    case "prompt_moved_in":
      return `${actor} moved ${quoted(detail.title)} into the team`;
    case "prompt_restored":
      return typeof detail.version === "number"
        ? `${actor} restored ${quoted(detail.title)} to version ${detail.version}`
        : `${actor} restored ${quoted(detail.title)}`;
    case "prompts_imported": {
      const count = typeof detail.count === "number" ? detail.count : null;
      return count === null
        ? `${actor} imported prompts`
        : `${actor} imported ${count} ${count === 1 ? "prompt" : "prompts"}`;
    }
    case "prompt_labelled":
      return `${actor} labelled ${versionOf(detail)} of ${quoted(detail.title)} ${quoted(detail.label, "")}`.trim();
    case "prompt_unlabelled":
      return `${actor} took ${quoted(detail.label, "a label")} off ${quoted(detail.title)}`;
    case "prompt_shared":
      return `${actor} shared ${quoted(detail.title)} with the community`;
    case "prompt_unshared":
      return `${actor} withdrew ${quoted(detail.title)} from the community`;
    case "suggestion_made":
      return `${actor} suggested a change to ${quoted(detail.title)}`;
    case "suggestion_accepted":
      return `${actor} accepted a suggested change to ${quoted(detail.title)}`;
    case "suggestion_declined":
      return `${actor} declined a suggested change to ${quoted(detail.title)}`;
    case "member_joined": {
      const role = asRole(detail.role);
      return role ? `${actor} joined as ${aRole(role)}` : `${actor} joined`;
    }
    case "member_left":
      return `${actor} left the team`;
    case "member_removed":
      return `${actor} removed ${subject()} from the team`;
    case "role_changed": {
      const role = asRole(detail.to);
      return role
        ? `${actor} made ${subject()} ${aRole(role)}`
        : `${actor} changed ${subject()}'s role`;
    }
    case "invitation_created": {
      const role = asRole(detail.role);
      const uses = typeof detail.maxUses === "number" ? detail.maxUses : 1;
      const who = role ? (uses === 1 ? `one ${role}` : `${uses} ${role}s`) : "new members";
      return `${actor} made an invitation link for ${who}`;
    }
    case "invitation_revoked":
      return `${actor} revoked an invitation link`;
    case "team_renamed":
      return `${actor} renamed the team from ${quoted(detail.from, "its old name")} to ${quoted(detail.to, "a new one")}`;
    default:
      return `${actor} changed the team`;
  }
}
