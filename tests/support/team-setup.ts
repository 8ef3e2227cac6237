import { expect } from "vitest";
import type { TeamRole } from "../../shared/teams.ts";
import type { apiPerson } from "./api-person.ts";

export type Person = Awaited<ReturnType<typeof apiPerson>>;

/** A team made by `owner`, each other person joined by an invitation for their role. */
export async function teamWith(owner: Person, others: [Person, TeamRole][] = []) {
  const made = await owner.call("POST", "/api/v1/teams", { name: "Lab" });
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

/** A prompt in the team's library, written by one of its editors. */
export async function promptOfTeam(
  editor: Person,
  teamId: string,
  options: { promptText?: string; shared?: boolean } = {},
) {
  const made = await editor.call("POST", "/api/v1/prompts", {
    promptText: options.promptText ?? "Write a launch post.",
    useCase: "Launch post",
    shared: options.shared ?? false,
    teamId,
  });
  expect(made.status).toBe(201);
  return made.body.id as string;
}
