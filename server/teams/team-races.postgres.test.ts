import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import {
  promptSuggestions,
  prompts,
  promptVersions,
  teamActivity,
  teamMembers,
} from "../db/schema.ts";

/**
 * Teams' races on PostgreSQL, each request its own transaction on the pool's connections: two
 * owners demoting each other, one invitation accepted by many at once, a prompt moved into a
 * team while it is being edited, and one suggestion accepted by two editors at once.
 */
let database: DatabaseHandle;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
const person = () => apiPerson(database.db, app);

async function teamWith(owner: Person, others: [Person, "viewer" | "editor" | "owner"][]) {
  const teamId: string = (await owner.call("POST", "/api/v1/teams", { name: "Lab" })).body.id;
  for (const [other, role] of others) {
    const { code } = (await owner.call("POST", `/api/v1/teams/${teamId}/invitations`, { role }))
      .body;
    expect((await other.call("POST", `/api/v1/invitations/${code}/accept`)).status).toBe(200);
  }
  return teamId;
}

/** Statements of this database waiting for a lock (a row's, here). */
async function waitingForLocks() {
  const rows = await database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity
      where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

describe("teams on PostgreSQL, at once", () => {
  it("two owners demoting each other leave the team with one owner", async () => {
    const [first, second] = await Promise.all([person(), person()]);
    const teamId = await teamWith(first, [[second, "owner"]]);
    // Each demotion has changed its row and waits for the team's row, held here, before it
    // counts the owners left: both are under way before either counts.
    let demotions: Awaited<ReturnType<Person["call"]>>[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from teams where id = ${teamId} for update`);
      const both = Promise.all([
        first.call("PATCH", `/api/v1/teams/${teamId}/members/${second.user.id}`, {
          role: "editor",
        }),
        second.call("PATCH", `/api/v1/teams/${teamId}/members/${first.user.id}`, {
          role: "editor",
        }),
      ]);
      expect(
        await eventually(
          () => waitingForLocks(),
          (n) => n >= 2,
        ),
      ).toBe(2);
      void both.then((answers) => {
        demotions = answers;
      });
    });
    await eventually(
      async () => demotions.length,
      (n) => n === 2,
    );
    expect(demotions.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const owners = await database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "owner")));
    expect(owners).toHaveLength(1);
  });

  it("an invitation for one, accepted by ten people at once, lets one in", async () => {
    const owner = await person();
    const teamId = await teamWith(owner, []);
    const { code } = (
      await owner.call("POST", `/api/v1/teams/${teamId}/invitations`, { role: "editor" })
    ).body;
    const people = await Promise.all(Array.from({ length: 10 }, () => person()));
    const answers = await Promise.all(
      people.map((one) => one.call("POST", `/api/v1/invitations/${code}/accept`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    const members = await database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));
    expect(members).toHaveLength(2);
  });

  it("a prompt moved into a team while it is edited keeps one owner and one history", async () => {
    const [owner, editor] = await Promise.all([person(), person()]);
    const teamId = await teamWith(owner, [[editor, "editor"]]);
    for (let round = 0; round < 5; round++) {
      const made = await editor.call("POST", "/api/v1/prompts", {
        promptText: `Draft ${round}`,
        useCase: "Draft",
        shared: false,
      });
      const id: string = made.body.id;
      const [moved, edited] = await Promise.all([
        editor.call("PUT", `/api/v1/prompts/${id}/team`, { teamId }),
        editor.call("PATCH", `/api/v1/prompts/${id}`, { promptText: `Draft ${round}, edited` }),
      ]);
      expect([moved.status, edited.status]).toEqual([200, 200]);
      const [row] = await database.db
        .select({
          userId: prompts.userId,
          teamId: prompts.teamId,
          version: prompts.version,
          text: prompts.promptText,
        })
        .from(prompts)
        .where(eq(prompts.id, id));
      expect(row).toEqual({
        userId: editor.user.id,
        teamId,
        version: 2,
        text: `Draft ${round}, edited`,
      });
      const versions = await database.db
        .select({ number: promptVersions.number })
        .from(promptVersions)
        .where(eq(promptVersions.promptId, id));
      expect(versions.map((version) => version.number)).toEqual([1]);
    }
  });

  it("a suggestion accepted by two editors at once makes one version", async () => {
    const [owner, editor, viewer] = await Promise.all([person(), person(), person()]);
    const teamId = await teamWith(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const made = await editor.call("POST", "/api/v1/prompts", {
      promptText: "Write a launch post.",
      shared: false,
      teamId,
    });
    const id: string = made.body.id;
    const suggested = await viewer.call("POST", `/api/v1/prompts/${id}/suggestions`, {
      promptText: "Write a launch post in three lines.",
    });
    const suggestionId: string = suggested.body.id;
    const accept = `/api/v1/prompts/${id}/suggestions/${suggestionId}/accept`;
    // Both have found it pending and wait on its row, held here, before either takes it.
    let answers: Awaited<ReturnType<Person["call"]>>[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from prompt_suggestions where id = ${suggestionId} for update`);
      const both = Promise.all([owner.call("POST", accept), editor.call("POST", accept)]);
      expect(
        await eventually(
          () => waitingForLocks(),
          (n) => n >= 2,
        ),
      ).toBe(2);
      void both.then((done) => {
        answers = done;
      });
    });
    await eventually(
      async () => answers.length,
      (n) => n === 2,
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error.detail).toBe(
      "suggestion_decided",
    );
    const [row] = await database.db
      .select({ version: prompts.version, text: prompts.promptText })
      .from(prompts)
      .where(eq(prompts.id, id));
    expect(row).toEqual({ version: 2, text: "Write a launch post in three lines." });
    const [suggestion] = await database.db
      .select({
        status: promptSuggestions.status,
        acceptedVersion: promptSuggestions.acceptedVersion,
      })
      .from(promptSuggestions)
      .where(eq(promptSuggestions.id, suggestionId));
    expect(suggestion).toEqual({ status: "accepted", acceptedVersion: 2 });
    const logged = await database.db
      .select({ id: teamActivity.id })
      .from(teamActivity)
      .where(and(eq(teamActivity.teamId, teamId), eq(teamActivity.action, "suggestion_accepted")));
    expect(logged).toHaveLength(1);

    // Ten at once, with nothing held: still one version, one acceptance.
    const next = await viewer.call("POST", `/api/v1/prompts/${id}/suggestions`, {
      promptText: "Write a launch post in one line.",
    });
    const tenAnswers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? owner : editor).call(
          "POST",
          `/api/v1/prompts/${id}/suggestions/${next.body.id}/accept`,
        ),
      ),
    );
    expect(tenAnswers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const versions = await database.db
      .select({ number: promptVersions.number })
      .from(promptVersions)
      .where(eq(promptVersions.promptId, id));
    expect(versions.map((version) => version.number).sort()).toEqual([1, 2]);
  });
});
