import { expect } from "vitest";
import type { TeamRole } from "../../shared/teams.ts";
import type { apiPerson } from "./api-person.ts";

type Person = Awaited<ReturnType<typeof apiPerson>>;

/** A team owned by `owner`, with each other person joined by an invitation for their role. */
export async function teamOf(
  owner: Person,
  others: [Person, TeamRole][] = [],
  name = "Marketing",
): Promise<string> {
  const made = await owner.call("POST", "/api/v1/teams", { name });
  expect(made.status).toBe(201);
  const teamId: string = made.body.id;
  for (const [other, role] of others) {
    const invitation = await owner.call("POST", `/api/v1/teams/${teamId}/invitations`, { role });
    expect(invitation.status).toBe(201);
    const joined = await other.call("POST", `/api/v1/invitations/${invitation.body.code}/accept`);
    expect(joined.body).toEqual({ teamId, role });
  }
  return teamId;
}

/** A prompt of the team's, written by one of its editors. */
export async function teamPrompt(
  editor: Person,
  teamId: string,
  promptText = "Write a launch post.",
  shared = false,
): Promise<string> {
  const made = await editor.call("POST", "/api/v1/prompts", {
    promptText,
    useCase: "Launch post",
    shared,
    teamId,
  });
  expect(made.status).toBe(201);
  expect(made.body.teamId).toBe(teamId);
  return made.body.id as string;
}
