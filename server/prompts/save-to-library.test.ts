import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { teamOf } from "../../tests/support/teams.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

async function sharedPrompt(text: string) {
  const author = await apiPerson(database.db, app);
  const created = await author.call("POST", "/api/v1/prompts", { promptText: text, shared: true });
  expect(created.status).toBe(201);
  return { author, original: created.body as Prompt };
}

async function copiesOf(userId: string, originalId: string) {
  return database.db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.userId, userId), eq(prompts.sourcePromptId, originalId)));
}

describe("saving a prompt to your library", () => {
  it("keeps one copy: saving again answers the copy already there", async () => {
    const { original } = await sharedPrompt("A prompt worth keeping");
    const reader = await apiPerson(database.db, app);
    const first = await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect(first.status).toBe(201);
    const again = await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await copiesOf(reader.user.id, original.id)).toHaveLength(1);
  });

  it("makes a new copy once the one kept was moved into a team, whether still in it or not", async () => {
    const { original } = await sharedPrompt("Kept, then given to a team");
    const reader = await apiPerson(database.db, app);
    const owner = await apiPerson(database.db, app);
    const teamId = await teamOf(owner, [[reader, "editor"]]);
    const first = await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect(first.status).toBe(201);
    const moved = await reader.call("PUT", `/api/v1/prompts/${first.body.id}/team`, { teamId });
    expect(moved.status).toBe(200);

    // The team's prompt is the team's: the person's library holds no copy, so a save adds one.
    const inTeam = await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect(inTeam.status).toBe(201);
    expect(inTeam.body.id).not.toBe(first.body.id);
    expect(inTeam.body.teamId).toBeNull();
    // Out of the team, the personal copy is the one a save answers.
    const left = await reader.call("DELETE", `/api/v1/teams/${teamId}/members/${reader.user.id}`);
    expect(left.status).toBe(204);
    const again = await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(inTeam.body.id);
  });

  it("keeps one copy when two saves arrive at once", async () => {
    const { original } = await sharedPrompt("Saved twice at once");
    const reader = await apiPerson(database.db, app);
    const answers = await Promise.all([
      reader.call("POST", `/api/v1/prompts/${original.id}/save`),
      reader.call("POST", `/api/v1/prompts/${original.id}/save`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(await copiesOf(reader.user.id, original.id)).toHaveLength(1);
  });

  it("lists say, per viewer, whether they keep a copy; the original's deletion clears it", async () => {
    const { author, original } = await sharedPrompt("Marked as saved for its saver only");
    const reader = await apiPerson(database.db, app);
    const other = await apiPerson(database.db, app);
    const inCommunity = async (person: typeof reader) =>
      (await person.call("GET", "/api/v1/prompts?scope=community&limit=100")).body.items.find(
        (prompt: Prompt) => prompt.id === original.id,
      ) as Prompt;
    expect((await inCommunity(reader)).isSaved).toBe(false);
    await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect((await inCommunity(reader)).isSaved).toBe(true);
    expect((await inCommunity(other)).isSaved).toBe(false);
    expect((await inCommunity(author)).isSaved).toBe(false);
    expect((await reader.call("GET", `/api/v1/prompts/${original.id}`)).body).toMatchObject({
      isSaved: true,
    });

    // The copy outlives the original, no longer linked to it.
    expect((await author.call("DELETE", `/api/v1/prompts/${original.id}`)).status).toBe(204);
    const mine = (await reader.call("GET", "/api/v1/prompts?scope=personal")).body.items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ savedFromId: null, isSaved: false });
  });
});
