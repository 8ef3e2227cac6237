import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { heardSoFar } from "../../tests/support/heard-so-far.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import { createTestApp, testConfig } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { teamActivity, teamMembers } from "../db/schema.ts";
import { forgetOldTeamActivity } from "./team-activity.ts";

/**
 * Teams through the API as people use them: a team made, people invited and joining, its
 * prompts written by editors and read by members alone, roles changed, people removed.
 */
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config: testConfig() });
});
afterAll(async () => {
  await database.close();
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
const person = () => apiPerson(database.db, app);

/** A team owned by `owner`, with each other person joined by an invitation for their role. */
async function teamOf(owner: Person, others: [Person, "viewer" | "editor" | "owner"][] = []) {
  const made = await owner.call("POST", "/api/v1/teams", { name: "Marketing" });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ name: "Marketing", role: "owner", memberCount: 1 });
  const teamId: string = made.body.id;
  for (const [other, role] of others) {
    const invitation = await owner.call("POST", `/api/v1/teams/${teamId}/invitations`, { role });
    expect(invitation.status).toBe(201);
    expect(invitation.body.url).toBe(`http://localhost:3000/invitations/${invitation.body.code}`);
    const joined = await other.call("POST", `/api/v1/invitations/${invitation.body.code}/accept`);
    expect(joined.body).toEqual({ teamId, role });
  }
  return teamId;
}

async function teamPrompt(editor: Person, teamId: string, promptText = "Write a launch post.") {
  const made = await editor.call("POST", "/api/v1/prompts", {
    promptText,
    useCase: "Launch post",
    shared: false,
    teamId,
  });
  expect(made.status).toBe(201);
  expect(made.body.teamId).toBe(teamId);
  return made.body.id as string;
}

describe("a team's library", () => {
  it("is read by every member and written by editors and owners alone", async () => {
    const [owner, editor, viewer, outsider] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
    ]);
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const id = await teamPrompt(editor, teamId);

    for (const member of [owner, editor, viewer]) {
      const list = await member.call("GET", `/api/v1/prompts?scope=team&team=${teamId}`);
      expect(list.status).toBe(200);
      expect(list.body.items.map((p: { id: string }) => p.id)).toEqual([id]);
      const one = await member.call("GET", `/api/v1/prompts/${id}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ teamId, isOwn: false, creatorName: expect.any(String) });
    }
    // Never in anyone's own library, its writer's neither.
    const own = await editor.call("GET", "/api/v1/prompts?scope=personal");
    expect(own.body.items).toEqual([]);

    const edit = { promptText: "Write a launch post in two lines." };
    expect((await owner.call("PATCH", `/api/v1/prompts/${id}`, edit)).status).toBe(200);
    const refused = await viewer.call("PATCH", `/api/v1/prompts/${id}`, edit);
    expect(refused.status).toBe(403);
    expect(refused.body.error.detail).toBe("team_role");
    expect((await viewer.call("DELETE", `/api/v1/prompts/${id}`)).status).toBe(403);
    // A viewer may still keep a copy of their own, and star it.
    expect((await viewer.call("POST", `/api/v1/prompts/${id}/save`)).status).toBe(201);
    expect((await viewer.call("PUT", `/api/v1/prompts/${id}/favourite`)).status).toBeLessThan(300);

    // To anyone outside, the team and its prompt are not there at all.
    for (const [method, path] of [
      ["GET", `/api/v1/prompts/${id}`],
      ["PATCH", `/api/v1/prompts/${id}`],
      ["DELETE", `/api/v1/prompts/${id}`],
      ["GET", `/api/v1/prompts?scope=team&team=${teamId}`],
      ["GET", `/api/v1/teams/${teamId}/members`],
      ["GET", `/api/v1/teams/${teamId}/activity`],
      ["POST", `/api/v1/teams/${teamId}/invitations`],
      ["DELETE", `/api/v1/teams/${teamId}`],
    ] as const) {
      const answer = await outsider.call(
        method,
        path,
        method === "GET" ? undefined : { role: "viewer", ...edit },
      );
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const community = await outsider.call("GET", "/api/v1/prompts?scope=community&q=launch");
    expect(community.body.items).toEqual([]);

    expect((await editor.call("DELETE", `/api/v1/prompts/${id}`)).status).toBe(204);
  });

  it("takes a person's own prompt in, out of their library, with its history", async () => {
    const [owner, editor] = await Promise.all([person(), person()]);
    const teamId = await teamOf(owner, [[editor, "editor"]]);
    const made = await editor.call("POST", "/api/v1/prompts", {
      promptText: "Summarise the week.",
      useCase: "Weekly summary",
      shared: false,
    });
    await editor.call("PATCH", `/api/v1/prompts/${made.body.id}`, { promptText: "Summarise it." });
    const moved = await editor.call("PUT", `/api/v1/prompts/${made.body.id}/team`, { teamId });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ teamId, version: 2, isOwn: false });
    expect((await editor.call("GET", "/api/v1/prompts?scope=personal")).body.items).toEqual([]);
    const history = await owner.call("GET", `/api/v1/prompts/${made.body.id}/versions`);
    expect(history.status).toBe(200);
    expect(history.body.versions).toHaveLength(2);
    // Only one's own prompt moves, and only into a team one edits.
    const again = await owner.call("PUT", `/api/v1/prompts/${made.body.id}/team`, { teamId });
    expect(again.status).toBe(403);
  });
});

describe("membership", () => {
  it("ends at once when a member is removed, leaves or the team is deleted", async () => {
    const [owner, editor, viewer] = await Promise.all([person(), person(), person()]);
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const id = await teamPrompt(editor, teamId);
    expect((await viewer.call("GET", `/api/v1/prompts/${id}`)).status).toBe(200);

    expect(
      (await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${viewer.user.id}`)).status,
    ).toBe(204);
    expect((await viewer.call("GET", `/api/v1/prompts/${id}`)).status).toBe(404);
    expect((await viewer.call("GET", `/api/v1/prompts?scope=team&team=${teamId}`)).status).toBe(
      404,
    );
    expect((await viewer.call("GET", "/api/v1/teams")).body.items).toEqual([]);

    // The editor wrote it, and loses it on leaving like anyone else.
    expect(
      (await editor.call("DELETE", `/api/v1/teams/${teamId}/members/${editor.user.id}`)).status,
    ).toBe(204);
    expect((await editor.call("GET", `/api/v1/prompts/${id}`)).status).toBe(404);
    expect(
      (await editor.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "Mine?" })).status,
    ).toBe(404);

    expect((await owner.call("DELETE", `/api/v1/teams/${teamId}`)).status).toBe(204);
    expect((await owner.call("GET", `/api/v1/prompts/${id}`)).status).toBe(404);
  });

  it("keeps an owner: the last one can neither leave nor be demoted", async () => {
    const [owner, editor] = await Promise.all([person(), person()]);
    const teamId = await teamOf(owner, [[editor, "editor"]]);
    const leave = await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${owner.user.id}`);
    expect(leave.status).toBe(409);
    expect(leave.body.error.detail).toBe("team_needs_owner");
    const demote = await owner.call("PATCH", `/api/v1/teams/${teamId}/members/${owner.user.id}`, {
      role: "editor",
    });
    expect(demote.status).toBe(409);
    // An editor may not change roles; once made owner, the first may step down.
    expect(
      (
        await editor.call("PATCH", `/api/v1/teams/${teamId}/members/${editor.user.id}`, {
          role: "owner",
        })
      ).status,
    ).toBe(403);
    const promoted = await owner.call(
      "PATCH",
      `/api/v1/teams/${teamId}/members/${editor.user.id}`,
      {
        role: "owner",
      },
    );
    expect(promoted.body).toMatchObject({ userId: editor.user.id, role: "owner" });
    expect(
      (await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${owner.user.id}`)).status,
    ).toBe(204);
    const left = await database.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    expect(left.map((row) => row.role)).toEqual(["owner"]);
  });

  it("admits by an invitation only while it is usable", async () => {
    const [owner, first, second] = await Promise.all([person(), person(), person()]);
    const teamId = await teamOf(owner);
    const once = await owner.call("POST", `/api/v1/teams/${teamId}/invitations`, {
      role: "viewer",
    });
    const seen = await first.call("GET", `/api/v1/invitations/${once.body.code}`);
    expect(seen.body).toEqual({ teamId, teamName: "Marketing", role: "viewer" });
    expect((await first.call("POST", `/api/v1/invitations/${once.body.code}/accept`)).status).toBe(
      200,
    );
    // Accepting again as a member uses nothing up; someone else finds it used.
    expect((await first.call("POST", `/api/v1/invitations/${once.body.code}/accept`)).status).toBe(
      404,
    );
    expect((await second.call("POST", `/api/v1/invitations/${once.body.code}/accept`)).status).toBe(
      404,
    );

    const revoked = await owner.call("POST", `/api/v1/teams/${teamId}/invitations`, {
      role: "editor",
      maxUses: 5,
    });
    expect(
      (await owner.call("DELETE", `/api/v1/teams/${teamId}/invitations/${revoked.body.id}`)).status,
    ).toBe(204);
    expect(
      (await second.call("POST", `/api/v1/invitations/${revoked.body.code}/accept`)).status,
    ).toBe(404);
    expect((await second.call("GET", `/api/v1/invitations/not-a-code`)).status).toBe(404);
    const listed = await owner.call("GET", `/api/v1/teams/${teamId}/invitations`);
    expect(
      listed.body.items.map((i: { uses: number; revoked: boolean }) => [i.uses, i.revoked]),
    ).toEqual([
      [0, true],
      [1, false],
    ]);
    // Each says who made it, and when; as made, it said the same.
    const maker = { id: owner.user.id, name: owner.user.name };
    for (const item of listed.body.items) {
      expect(item.createdBy).toEqual(maker);
      expect(Date.parse(item.createdAt)).toBeLessThanOrEqual(Date.now());
    }
    expect(revoked.body).toMatchObject({ createdBy: maker, uses: 0, maxUses: 5, revoked: false });
    expect(listed.body.items[0].createdAt).toBe(revoked.body.createdAt);
    // A viewer cannot invite.
    expect(
      (await first.call("POST", `/api/v1/teams/${teamId}/invitations`, { role: "owner" })).status,
    ).toBe(403);
  });

  it("logs what happened: all of it to owners, what happened to prompts to the rest", async () => {
    const [owner, editor, viewer] = await Promise.all([person(), person(), person()]);
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const id = await teamPrompt(editor, teamId);
    await editor.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "Shorter." });
    await owner.call("PATCH", `/api/v1/teams/${teamId}/members/${viewer.user.id}`, {
      role: "editor",
    });
    const all = await owner.call("GET", `/api/v1/teams/${teamId}/activity`);
    expect(all.body.items.map((entry: { action: string }) => entry.action)).toEqual([
      "role_changed",
      "prompt_edited",
      "prompt_created",
      "member_joined",
      "invitation_created",
      "member_joined",
      "invitation_created",
    ]);
    // Whom a change concerned is named by the entry, as who made it is.
    expect(all.body.items[0]).toMatchObject({
      actor: { id: owner.user.id },
      subject: { id: viewer.user.id, name: viewer.user.name },
    });
    const some = await editor.call("GET", `/api/v1/teams/${teamId}/activity`);
    expect(some.body.items.map((entry: { action: string }) => entry.action)).toEqual([
      "prompt_edited",
      "prompt_created",
    ]);
    expect(some.body.items[1]).toMatchObject({ promptId: id, actor: { id: editor.user.id } });
  });
});

describe("the log's upkeep", () => {
  it("forgets entries over a year old, and only those", async () => {
    const owner = await person();
    const teamId = await teamOf(owner);
    await owner.call("PATCH", `/api/v1/teams/${teamId}`, { name: "Growth" });
    const [renamed] = await database.db
      .select({ id: teamActivity.id })
      .from(teamActivity)
      .where(and(eq(teamActivity.teamId, teamId), eq(teamActivity.action, "team_renamed")));
    await database.db
      .update(teamActivity)
      .set({ at: sql`now() - interval '1 year 1 day'` })
      .where(eq(teamActivity.id, renamed?.id ?? 0));
    await forgetOldTeamActivity(database.db);
    const left = await owner.call("GET", `/api/v1/teams/${teamId}/activity`);
    expect(left.body.items).toEqual([]);
    await owner.call("PATCH", `/api/v1/teams/${teamId}`, { name: "Growth team" });
    await forgetOldTeamActivity(database.db);
    expect((await owner.call("GET", `/api/v1/teams/${teamId}/activity`)).body.items).toHaveLength(
      1,
    );
  });
});

describe("removal on every path", () => {
  it("an MCP client of a removed member finds the team's prompt no more", async () => {
    const [owner, viewer] = await Promise.all([person(), person()]);
    const teamId = await teamOf(owner, [[viewer, "viewer"]]);
    const id = await teamPrompt(owner, teamId);
    const token = (await viewer.call("POST", "/api/v1/tokens", { name: "MCP", scope: "read" })).body
      .token as string;
    const client = await connectMcp({
      origin: "http://localhost:3000",
      token,
      fetch: async (url, init) => app.request(String(url), init),
    });
    const get = { name: "get_prompt", arguments: { id } };
    expect(toolJson(await client.callTool(get)).isError).toBe(false);
    await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${viewer.user.id}`);
    expect(toolJson(await client.callTool(get))).toEqual({
      isError: true,
      value: { error: "not_found", message: "Prompt not found" },
    });
    await client.close();
  });

  it("a list kept in memory is dropped when its person leaves the team", async () => {
    const memory = await signedInMemory(database);
    const [owner, viewer] = await Promise.all([
      apiPerson(database.db, memory.app),
      apiPerson(database.db, memory.app),
    ]);
    const teamId = await teamOf(owner, [[viewer, "viewer"]]);
    const list = "/api/v1/prompts?scope=favourites";
    await viewer.call("PUT", `/api/v1/prompts/${await teamPrompt(owner, teamId)}/favourite`);
    // The notice of the favourite, heard late, would drop the list kept below.
    await heardSoFar(database, memory.kept.channel);
    const before = await viewer.call("GET", list);
    expect(before.body.items).toHaveLength(1);
    expect((await viewer.call("GET", list)).headers.get("cache-status")).toBe("PromptShelf; hit");
    await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${viewer.user.id}`);
    // Once the database's notice of the change is heard, as for any change to what is kept.
    await heardSoFar(database, memory.kept.channel);
    expect((await viewer.call("GET", list)).body.items).toEqual([]);
    await memory.feed.close();
  });

  it("a team outlives its last owner's account: the longest-standing member takes it on", async () => {
    const [owner, editor, viewer] = await Promise.all([person(), person(), person()]);
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const id = await teamPrompt(owner, teamId);
    const deleted = await owner.call("DELETE", "/api/v1/account", {
      confirmEmail: owner.user.email,
      keepSharedPrompts: false,
    });
    expect(deleted.status).toBe(204);
    const members = await editor.call("GET", `/api/v1/teams/${teamId}/members`);
    expect(
      members.body.items.map((m: { userId: string; role: string }) => [m.userId, m.role]),
    ).toEqual([
      [editor.user.id, "owner"],
      [viewer.user.id, "viewer"],
    ]);
    expect((await viewer.call("GET", `/api/v1/prompts/${id}`)).status).toBe(200);
  });
});
