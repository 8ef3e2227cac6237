import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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

type Person = Awaited<ReturnType<typeof apiPerson>>;

/** Posts a library page's form as the browser's fetcher does (React Router's data request). */
async function postForm(person: Person, page: string, fields: Record<string, string>) {
  const res = await app.request(`${page}.data`, {
    method: "POST",
    headers: { origin: "http://localhost:3000", cookie: person.actor.cookie },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

async function written(userId: string) {
  return database.db
    .select({ promptText: prompts.promptText, teamId: prompts.teamId, isShared: prompts.isShared })
    .from(prompts)
    .where(eq(prompts.userId, userId))
    .orderBy(prompts.createdAt);
}

describe("what a library page's form creates", () => {
  it("a team's page adds to the team, and shares too when its form asks", async () => {
    const [owner, editor] = await Promise.all([
      apiPerson(database.db, app),
      apiPerson(database.db, app),
    ]);
    const teamId = await teamOf(owner, [[editor, "editor"]]);
    const page = `/teams/${teamId}`;
    const added = await postForm(editor, page, { intent: "create", promptText: "Team only" });
    expect(added.status).toBe(200);
    const shared = await postForm(editor, page, {
      intent: "create",
      promptText: "Team and community",
      shared: "true",
    });
    expect(shared.status).toBe(200);
    expect(await written(editor.user.id)).toEqual([
      { promptText: "Team only", teamId, isShared: false },
      { promptText: "Team and community", teamId, isShared: true },
    ]);
  });

  it("a person's own library never shares, whatever is posted", async () => {
    const me = await apiPerson(database.db, app);
    const posted = await postForm(me, "/personal", {
      intent: "create",
      promptText: "Mine alone",
      shared: "true",
    });
    expect(posted.status).toBe(200);
    expect(await written(me.user.id)).toEqual([
      { promptText: "Mine alone", teamId: null, isShared: false },
    ]);
  });
});
