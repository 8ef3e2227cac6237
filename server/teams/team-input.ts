import { z } from "zod";
import {
  invitationDefaultDays,
  invitationMaxDays,
  invitationMaxUses,
  teamNameMaxLength,
  teamRoles,
} from "../../shared/teams.ts";
import { storableText } from "../validation.ts";

const name = storableText()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, "Teams need a name")
      .max(teamNameMaxLength, `Team names are at most ${teamNameMaxLength} characters`),
  );

export const teamRole = z.enum(teamRoles);

export const teamInput = z.object({ name });

export const roleInput = z.object({ role: teamRole });

export const invitationInput = z.object({
  role: teamRole,
  maxUses: z.number().int().min(1).max(invitationMaxUses).default(1),
  expiresInDays: z.number().int().min(1).max(invitationMaxDays).default(invitationDefaultDays),
});
export type InvitationInput = z.infer<typeof invitationInput>;

export const moveToTeamInput = z.object({ teamId: z.string() });

/** Sharing a team's prompt with the community, or withdrawing it. */
export const shareInput = z.object({ shared: z.boolean(), confirm: z.boolean().optional() });
