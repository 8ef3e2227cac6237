import { createRoute, z } from "@hono/zod-openapi";
import { teamRoles } from "../../../shared/teams.ts";
import type { Database } from "../../db/client.ts";
import { requireViewer } from "../../prompts/prompt-access.ts";
import { deleteTeam, renameTeam } from "../../teams/change-team.ts";
import { createTeam } from "../../teams/create-team.ts";
import { listTeams } from "../../teams/list-teams.ts";
import { moveIntoTeam } from "../../teams/move-into-team.ts";
import { setTeamPromptShared } from "../../teams/share-team-prompt.ts";
import { listTeamActivity } from "../../teams/team-activity.ts";
import {
  invitationInput,
  moveToTeamInput,
  roleInput,
  shareInput,
  teamInput,
} from "../../teams/team-input.ts";
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  readInvitation,
  revokeInvitation,
} from "../../teams/team-invitations.ts";
import { changeMemberRole, listMembers, removeMember } from "../../teams/team-members.ts";
import { apiRouter, jsonAnswer, jsonBody, queryOf, refusals } from "./openapi.ts";
import { id, prompt, timestamp } from "./shapes.ts";

const tags = ["Teams"];
const role = z.enum(teamRoles);
const teamId = z.object({ id: z.string() });
const memberPath = z.object({ id: z.string(), userId: z.string() });
const invitationPath = z.object({ id: z.string(), invitationId: z.string() });
const codePath = z.object({ code: z.string().max(200) });
const signedIn = { unauthenticated: "Not signed in." };
const notFound =
  "No team of yours by that id (`team_not_found`): a team you are not in is not found either.";
const owners = {
  ...signedIn,
  not_found: notFound,
  forbidden: "You are in the team, but not as an owner (`team_role`).",
};

const teamSummary = z
  .object({ id, name: z.string(), role, memberCount: z.number().int() })
  .openapi("Team", { description: "A team you are in, with your role in it." });
const member = z
  .object({ userId: id, name: z.string().nullable(), email: z.string(), role })
  .openapi("TeamMember");
const invitation = z
  .object({
    id,
    role,
    maxUses: z.number().int(),
    uses: z.number().int(),
    expiresAt: timestamp,
    revoked: z.boolean(),
    createdAt: timestamp,
    createdBy: z
      .object({ id, name: z.string().nullable() })
      .nullable()
      .describe("The owner who made it; null once their account is gone."),
  })
  .openapi("TeamInvitation", { description: "An invitation, without its code (shown once)." });
const activityEntry = z
  .object({
    id: z.string().describe("The entry's number: later entries have larger ones."),
    action: z.string().describe("What happened: prompt_created, member_joined, role_changed…"),
    at: timestamp,
    actor: z.object({ id, name: z.string().nullable() }).nullable(),
    promptId: id.nullable(),
    subjectUserId: id.nullable(),
    subject: z
      .object({ id, name: z.string().nullable() })
      .nullable()
      .describe("Whom it concerned (joined, removed, given a role), named even after leaving."),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  })
  .openapi("TeamActivity");

const named = jsonBody(teamInput, "The team's name (at most 60 characters).");
const roled = jsonBody(roleInput, "The member's new role: viewer, editor or owner.");
const invited = jsonBody(
  invitationInput,
  "The role it gives; how many people may use it (1 to 500, default 1) and for how many days (1 to 90, default 7).",
);
const moving = jsonBody(moveToTeamInput, "The team to move the prompt into.");
const sharing = jsonBody(
  shareInput,
  "`shared`: true to share with the community, false to withdraw; `confirm: true` shares what the privacy check found something in.",
);

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Your teams",
  description: `By name. At most \`TEAMS_PER_PERSON\` a person.`,
  responses: {
    200: jsonAnswer(z.object({ items: z.array(teamSummary) }), "Your teams."),
    ...refusals(signedIn),
  },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Make a team",
  description: "You become its owner.",
  middleware: [named.read] as const,
  request: { body: named.request },
  responses: {
    201: jsonAnswer(teamSummary, "The new team."),
    ...refusals({
      ...signedIn,
      invalid_input: "A bad name, or past `TEAMS_PER_PERSON` teams (`team_limit`).",
    }),
  },
});

const rename = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Rename a team",
  middleware: [named.read] as const,
  request: { params: teamId, body: named.request },
  responses: {
    200: jsonAnswer(teamSummary, "The team as it is now."),
    ...refusals({ ...owners, invalid_input: "A bad name." }),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/{id}",
  tags,
  summary: "Delete a team",
  description: "With its prompts, their versions, its invitations and its log. Owners only.",
  request: { params: teamId },
  responses: { 204: { description: "Deleted." }, ...refusals(owners) },
});

const members = createRoute({
  method: "get",
  path: "/{id}/members",
  tags,
  summary: "A team's members",
  description: "Owners first, then editors, then viewers. Any member may ask.",
  request: { params: teamId },
  responses: {
    200: jsonAnswer(z.object({ items: z.array(member) }), "The members."),
    ...refusals({ ...signedIn, not_found: notFound }),
  },
});

const changeRole = createRoute({
  method: "patch",
  path: "/{id}/members/{userId}",
  tags,
  summary: "Change a member's role",
  description: "Owners only. The last owner keeps the role until someone else is made owner.",
  middleware: [roled.read] as const,
  request: { params: memberPath, body: roled.request },
  responses: {
    200: jsonAnswer(member, "The member as they are now."),
    ...refusals({
      ...owners,
      invalid_input: "A bad role.",
      conflict: "That would leave the team without an owner (`team_needs_owner`).",
    }),
  },
});

const removeOne = createRoute({
  method: "delete",
  path: "/{id}/members/{userId}",
  tags,
  summary: "Remove a member, or leave",
  description:
    "Your own id leaves the team; an owner may remove anyone. Access ends at once, on every path.",
  request: { params: memberPath },
  responses: {
    204: { description: "Out of the team." },
    ...refusals({
      ...owners,
      conflict: "The last owner cannot leave (`team_needs_owner`).",
    }),
  },
});

const invitations = createRoute({
  method: "get",
  path: "/{id}/invitations",
  tags,
  summary: "A team's invitations",
  description: "Newest first, without their codes. Owners only.",
  request: { params: teamId },
  responses: {
    200: jsonAnswer(z.object({ items: z.array(invitation) }), "The invitations."),
    ...refusals(owners),
  },
});

const invite = createRoute({
  method: "post",
  path: "/{id}/invitations",
  tags,
  summary: "Make an invitation link",
  description:
    "Owners only. The link (`url`, holding `code`) is shown this once: only its hash is kept.",
  middleware: [invited.read] as const,
  request: { params: teamId, body: invited.request },
  responses: {
    201: jsonAnswer(
      invitation.extend({ code: z.string(), url: z.string() }),
      "The invitation and its link.",
    ),
    ...refusals({ ...owners, invalid_input: "A bad role, number of uses or days." }),
  },
});

const revoke = createRoute({
  method: "delete",
  path: "/{id}/invitations/{invitationId}",
  tags,
  summary: "Revoke an invitation",
  request: { params: invitationPath },
  responses: {
    204: { description: "Revoked: nobody joins by it any more." },
    ...refusals({
      ...owners,
      not_found: `${notFound} Or no such invitation (\`invitation_not_found\`).`,
    }),
  },
});

const activity = createRoute({
  method: "get",
  path: "/{id}/activity",
  tags,
  summary: "A team's activity",
  description:
    "Newest first, 50 a page. Owners see everything; other members what happened to prompts. Kept a year.",
  request: { params: teamId, query: queryOf(z.object({ cursor: z.string().max(100).optional() })) },
  responses: {
    200: jsonAnswer(
      z.object({ items: z.array(activityEntry), nextCursor: z.string().nullable() }),
      "A page of the log.",
    ),
    ...refusals({
      ...signedIn,
      not_found: notFound,
      invalid_input: "A cursor this list did not give.",
    }),
  },
});

/** /api/v1/teams: teams, their members, invitations and log. */
export function teamRoutes(options: { db: Database; origin: string }) {
  const { db } = options;
  return apiRouter()
    .openapi(list, async (c) =>
      c.json(await listTeams({ db, viewer: await c.get("viewer")() }), 200),
    )
    .openapi(create, async (c) => {
      const viewer = await c.get("viewer")();
      return c.json(await createTeam({ db, viewer, ...c.get("body") }), 201);
    })
    .openapi(rename, async (c) => {
      const viewer = await c.get("viewer")();
      const { id: teamId } = c.req.valid("param");
      return c.json(await renameTeam({ db, viewer, teamId, ...c.get("body") }), 200);
    })
    .openapi(remove, async (c) => {
      const { id: teamId } = c.req.valid("param");
      await deleteTeam({ db, viewer: await c.get("viewer")(), teamId });
      return c.body(null, 204);
    })
    .openapi(members, async (c) => {
      const { id: teamId } = c.req.valid("param");
      return c.json(await listMembers({ db, viewer: await c.get("viewer")(), teamId }), 200);
    })
    .openapi(changeRole, async (c) => {
      const viewer = await c.get("viewer")();
      const { id: teamId, userId } = c.req.valid("param");
      return c.json(await changeMemberRole({ db, viewer, teamId, userId, ...c.get("body") }), 200);
    })
    .openapi(removeOne, async (c) => {
      const { id: teamId, userId } = c.req.valid("param");
      await removeMember({ db, viewer: await c.get("viewer")(), teamId, userId });
      return c.body(null, 204);
    })
    .openapi(invitations, async (c) => {
      const { id: teamId } = c.req.valid("param");
      return c.json(await listInvitations({ db, viewer: await c.get("viewer")(), teamId }), 200);
    })
    .openapi(invite, async (c) => {
      const viewer = await c.get("viewer")();
      const { id: teamId } = c.req.valid("param");
      const made = await createInvitation({
        db,
        viewer,
        teamId,
        origin: options.origin,
        ...c.get("body"),
      });
      return c.json(made, 201);
    })
    .openapi(revoke, async (c) => {
      const { id: teamId, invitationId } = c.req.valid("param");
      await revokeInvitation({ db, viewer: await c.get("viewer")(), teamId, invitationId });
      return c.body(null, 204);
    })
    .openapi(activity, async (c) => {
      const { id: teamId } = c.req.valid("param");
      const { cursor } = c.req.valid("query");
      return c.json(
        await listTeamActivity({ db, viewer: await c.get("viewer")(), teamId, cursor }),
        200,
      );
    });
}

const peek = createRoute({
  method: "get",
  path: "/{code}",
  tags,
  summary: "What an invitation offers",
  description: "The team and the role, while the invitation can still be used. Signed in.",
  request: { params: codePath },
  responses: {
    200: jsonAnswer(
      z.object({ teamId: id, teamName: z.string(), role }),
      "The team and the role it gives.",
    ),
    ...refusals({
      ...signedIn,
      not_found: "Expired, used up, revoked or never made (`invitation_not_found`).",
    }),
  },
});

const accept = createRoute({
  method: "post",
  path: "/{code}/accept",
  tags,
  summary: "Join a team by its invitation",
  description:
    "You join as the invitation's role; a member already keeps their role and uses nothing up.",
  request: { params: codePath },
  responses: {
    200: jsonAnswer(z.object({ teamId: id, role }), "The team you are in, and your role."),
    ...refusals({
      ...signedIn,
      not_found: "Expired, used up, revoked or never made (`invitation_not_found`).",
      invalid_input:
        "Past `TEAMS_PER_PERSON` (`team_limit`), or the team has `TEAM_MEMBERS_LIMIT` members (`team_full`).",
    }),
  },
});

/** /api/v1/invitations: an invitation's link, read and accepted by the person who opened it. */
export function invitationRoutes(db: Database) {
  return apiRouter()
    .openapi(peek, async (c) => {
      const { code } = c.req.valid("param");
      requireViewer(await c.get("viewer")());
      return c.json(await readInvitation({ db, code }), 200);
    })
    .openapi(accept, async (c) => {
      const { code } = c.req.valid("param");
      return c.json(await acceptInvitation({ db, viewer: await c.get("viewer")(), code }), 200);
    });
}

const moveIn = createRoute({
  method: "put",
  path: "/{id}/team",
  tags,
  summary: "Move your prompt into a team",
  description:
    "One of your own prompts into a team you edit: it becomes the team's, with its history, and leaves your folders and tags.",
  middleware: [moving.read] as const,
  request: { params: z.object({ id: z.string() }), body: moving.request },
  responses: {
    200: jsonAnswer(prompt, "The prompt, now the team's."),
    ...refusals({
      ...signedIn,
      forbidden:
        "Not your own prompt (`prompt_not_own`), or you are a viewer of the team (`team_role`).",
      not_found: "No such prompt you can see (`prompt_not_found`), or no such team of yours.",
    }),
  },
});

const share = createRoute({
  method: "put",
  path: "/{id}/shared",
  tags,
  summary: "Share a team's prompt with the community, or withdraw it",
  description:
    "The team's editors and owners. Shared, its history is public with it: the text, use case, description and every version's text and note pass the privacy check first. A prompt of your own is shared or not when it is written.",
  middleware: [sharing.read] as const,
  request: { params: z.object({ id: z.string() }), body: sharing.request },
  responses: {
    200: jsonAnswer(prompt, "The prompt, shared or withdrawn (unchanged if it already was)."),
    ...refusals({
      ...signedIn,
      forbidden:
        "A viewer of the team (`team_role`), or not a team's prompt (`sharing_team_only`).",
      not_found: "No such prompt you can see (`prompt_not_found`).",
      needs_confirmation:
        "The privacy check found secrets or personal data (`privacy_findings`, with `findings`): send `confirm: true` to share anyway.",
    }),
  },
});

/** PUT /api/v1/prompts/:id/team and /shared. */
export function teamPromptRoutes(db: Database) {
  return apiRouter()
    .openapi(moveIn, async (c) => {
      const { id: promptId } = c.req.valid("param");
      const { teamId } = c.get("body");
      return c.json(
        await moveIntoTeam({ db, viewer: await c.get("viewer")(), id: promptId, teamId }),
        200,
      );
    })
    .openapi(share, async (c) => {
      const { id } = c.req.valid("param");
      const { shared, confirm } = c.get("body");
      const viewer = await c.get("viewer")();
      return c.json(await setTeamPromptShared({ db, viewer, id, shared, confirm }), 200);
    });
}
