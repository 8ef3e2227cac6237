import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { teamOf, teamPrompt } from "../../tests/support/teams.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

/**
 * A viewer's role with a prompt (standingColumns in prompt-access.ts) is their role in that
 * prompt's team, not in another team of theirs. The model-based visibility test found it read
 * from any team: the subquery's `team_id = team_id` compared team_members with itself, so a
 * person in one other team took that team's role to any team's prompt (an owner elsewhere
 * deleted a prompt of a team they are not in), and a person in two teams got a 500.
 */
let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const person = () => apiPerson(database.db, app);

describe("a person's standing with a team's prompt", () => {
  it.each([
    ["one", 1],
    ["two", 2],
  ])("is not taken from %s other team(s) of theirs", async (_, others) => {
    const [owner, stranger, viewer] = await Promise.all([person(), person(), person()]);
    const teamId = await teamOf(owner, [[viewer, "viewer"]], "Y");
    const id = await teamPrompt(owner, teamId, "The team's plan.");
    await owner.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "The team's plan, v2." });
    // Owners of teams of their own: the stranger is in none with the prompt, the viewer views it.
    for (let n = 0; n < others; n++) {
      await teamOf(stranger, [], `Elsewhere ${n}`);
      await teamOf(viewer, [], `Mine ${n}`);
    }
    const base = `/api/v1/prompts/${id}`;
    const writes = [
      ["PATCH", base, { promptText: "Changed." }],
      ["POST", `${base}/versions/1/restore`, undefined],
      ["DELETE", base, undefined],
    ] as const;
    for (const [method, path, json] of writes) {
      const hidden = await stranger.call(method, path, json);
      expect(hidden.status, `${method} ${path}`).toBe(404);
      expect(hidden.body.error.detail).toBe("prompt_not_found");
      const refused = await viewer.call(method, path, json);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.detail).toBe("team_role");
    }
    const [row] = await database.db.select().from(prompts).where(eq(prompts.id, id));
    expect(row).toMatchObject({ promptText: "The team's plan, v2.", version: 2 });
  });
});
