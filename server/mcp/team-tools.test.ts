import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { type Person, promptOfTeam, teamWith } from "../../tests/support/team-setup.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const person = () => apiPerson(database.db, app);

/** The official MCP SDK's client, with a read token of the person's. */
async function clientOf(who: Person) {
  const made = await who.call("POST", "/api/v1/tokens", { name: "MCP", scope: "read" });
  expect(made.status).toBe(201);
  return connectMcp({
    origin: "http://localhost:3000",
    token: made.body.token,
    fetch: async (url, init) => app.request(String(url), init),
  });
}

describe("MCP and version labels", () => {
  it("get_prompt with a label answers the version it points at", async () => {
    const [owner, viewer, outsider] = await Promise.all([person(), person(), person()]);
    const teamId = await teamWith(owner, [[viewer, "viewer"]]);
    const id = await promptOfTeam(owner, teamId, { promptText: "Greet {{name}} warmly." });
    await owner.call("PUT", `/api/v1/prompts/${id}/labels/production`, { version: 1 });
    await owner.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "Greet {{name}} briefly." });

    const client = await clientOf(viewer);
    const labelled = toolJson(
      await client.callTool({ name: "get_prompt", arguments: { id, label: "production" } }),
    );
    expect(labelled).toMatchObject({
      isError: false,
      value: { id, text: "Greet {{name}} warmly.", variables: ["name"], version: 1 },
    });
    const current = toolJson(await client.callTool({ name: "get_prompt", arguments: { id } }));
    expect(current.value).toMatchObject({ text: "Greet {{name}} briefly.", version: 2 });
    const missing = toolJson(
      await client.callTool({ name: "get_prompt", arguments: { id, label: "staging" } }),
    );
    expect(missing).toEqual({
      isError: true,
      value: { error: "not_found", message: "This prompt has no such label" },
    });
    await client.close();

    const stranger = await clientOf(outsider);
    expect(
      toolJson(
        await stranger.callTool({ name: "get_prompt", arguments: { id, label: "production" } }),
      ),
    ).toEqual({ isError: true, value: { error: "not_found", message: "Prompt not found" } });
    await stranger.close();
  });
});

describe("search_prompts in a team", () => {
  it("lists the team's library to its members, and nothing of it to anyone else", async () => {
    const [owner, viewer, outsider] = await Promise.all([person(), person(), person()]);
    const teamId = await teamWith(owner, [[viewer, "viewer"]]);
    const id = await promptOfTeam(owner, teamId, { promptText: "Plan the quarterly review." });
    const other = await promptOfTeam(owner, teamId, { promptText: "Draft the newsletter." });
    // The viewer's own prompt is theirs, not the team's.
    await viewer.call("POST", "/api/v1/prompts", { promptText: "Plan my week.", shared: false });

    const client = await clientOf(viewer);
    const search = async (args: Record<string, unknown>) =>
      toolJson(await client.callTool({ name: "search_prompts", arguments: args }));
    const all = await search({ scope: "team", team: teamId });
    expect(all.value.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [id, other].sort(),
    );
    const found = await search({ scope: "team", team: teamId, query: "quarterly" });
    expect(found.value.items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect(await search({ scope: "team" })).toMatchObject({
      isError: true,
      value: { error: "invalid_input" },
    });

    const stranger = await clientOf(outsider);
    const refused = toolJson(
      await stranger.callTool({
        name: "search_prompts",
        arguments: { scope: "team", team: teamId },
      }),
    );
    expect(refused).toEqual({
      isError: true,
      value: { error: "not_found", message: "Team not found" },
    });
    await stranger.close();

    // Removed, the viewer's client finds the team no more, on its very next search.
    await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${viewer.user.id}`);
    expect(await search({ scope: "team", team: teamId })).toEqual({
      isError: true,
      value: { error: "not_found", message: "Team not found" },
    });
    await client.close();
  });
});
