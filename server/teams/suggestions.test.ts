import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type Person, promptOfTeam, teamWith } from "../../tests/support/team-setup.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { defaultConnectionSettings } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { promptSuggestions } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  {
    settings: { ...defaultConnectionSettings(), "promptshelf.pending_suggestions_per_prompt": "2" },
  },
);

const person = () => apiPerson(database.db, app);
const suggestions = (id: string) => `/api/v1/prompts/${id}/suggestions`;

/** A team of an owner, an editor and two viewers, and a prompt of its. */
async function teamPromptWithViewers(shared = false) {
  const [owner, editor, viewer, otherViewer, outsider] = await Promise.all([
    person(),
    person(),
    person(),
    person(),
    person(),
  ]);
  const teamId = await teamWith(owner, [
    [editor, "editor"],
    [viewer, "viewer"],
    [otherViewer, "viewer"],
  ]);
  const id = await promptOfTeam(editor, teamId, { promptText: "Write a launch post.", shared });
  return { owner, editor, viewer, otherViewer, outsider, teamId, id };
}

const ids = (answer: { body: { items: { id: string }[] } }) =>
  answer.body.items.map((item) => item.id);

describe("suggested changes", () => {
  it("a viewer suggests, an editor sees and accepts: a new version written by the viewer", async () => {
    const { owner, editor, viewer, otherViewer, teamId, id } = await teamPromptWithViewers();
    const made = await viewer.call("POST", suggestions(id), {
      promptText: "Write a launch post in three lines.",
      note: "  Shorter reads better  ",
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      promptId: id,
      promptText: "Write a launch post in three lines.",
      note: "Shorter reads better",
      author: { id: viewer.user.id, name: viewer.user.name },
      status: "pending",
      createdAt: expect.any(String),
      baseVersion: 1,
      decidedBy: null,
      decidedAt: null,
      acceptedVersion: null,
    });
    const mine = await otherViewer.call("POST", suggestions(id), { promptText: "Write two." });
    expect(mine.body.note).toBeNull();

    // Editors and owners see every pending one; a viewer their own.
    expect(ids(await editor.call("GET", suggestions(id))).sort()).toEqual(
      [made.body.id, mine.body.id].sort(),
    );
    expect(ids(await owner.call("GET", suggestions(id)))).toHaveLength(2);
    expect(ids(await viewer.call("GET", suggestions(id)))).toEqual([made.body.id]);
    expect(ids(await otherViewer.call("GET", suggestions(id)))).toEqual([mine.body.id]);

    // A viewer decides nothing, their own suggestion neither.
    for (const verb of ["accept", "decline"]) {
      const refused = await viewer.call("POST", `${suggestions(id)}/${made.body.id}/${verb}`);
      expect(refused.status, verb).toBe(403);
      expect(refused.body.error.detail).toBe("team_role");
    }

    const accepted = await editor.call("POST", `${suggestions(id)}/${made.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      id: made.body.id,
      status: "accepted",
      decidedBy: { id: editor.user.id },
      decidedAt: expect.any(String),
      acceptedVersion: 2,
      promptChangedSince: false,
    });
    const prompt = await viewer.call("GET", `/api/v1/prompts/${id}`);
    expect(prompt.body).toMatchObject({
      promptText: "Write a launch post in three lines.",
      version: 2,
    });
    const history = await viewer.call("GET", `/api/v1/prompts/${id}/versions`);
    expect(history.body.versions[0]).toMatchObject({
      number: 2,
      authorName: viewer.user.name,
      note: "Shorter reads better",
    });
    const again = await owner.call("POST", `${suggestions(id)}/${made.body.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error.detail).toBe("suggestion_decided");

    const declined = await owner.call("POST", `${suggestions(id)}/${mine.body.id}/decline`);
    expect(declined.body).toMatchObject({ status: "declined", acceptedVersion: null });
    expect((await viewer.call("GET", `/api/v1/prompts/${id}`)).body.version).toBe(2);
    // Nothing waits now; their authors still see what became of theirs.
    expect((await editor.call("GET", suggestions(id))).body.items).toEqual([]);
    expect((await viewer.call("GET", suggestions(id))).body.items).toMatchObject([
      { id: made.body.id, status: "accepted" },
    ]);

    const log = async (member: Person) =>
      (await member.call("GET", `/api/v1/teams/${teamId}/activity`)).body.items
        .map((entry: { action: string }) => entry.action)
        .filter((action: string) => action.startsWith("suggestion_"));
    expect(await log(owner)).toEqual([
      "suggestion_declined",
      "suggestion_accepted",
      "suggestion_made",
      "suggestion_made",
    ]);
    // Suggestions made and declined are between their authors and the editors.
    expect(await log(viewer)).toEqual(["suggestion_accepted"]);
  });

  it("apply the suggested text even when the prompt changed since, and say so", async () => {
    const { editor, viewer, id } = await teamPromptWithViewers();
    const made = await viewer.call("POST", suggestions(id), { promptText: "Suggested text." });
    await editor.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "Edited meanwhile." });
    const accepted = await editor.call("POST", `${suggestions(id)}/${made.body.id}/accept`, {});
    expect(accepted.body).toMatchObject({
      baseVersion: 1,
      acceptedVersion: 3,
      promptChangedSince: true,
    });
    expect((await editor.call("GET", `/api/v1/prompts/${id}`)).body.promptText).toBe(
      "Suggested text.",
    );
  });

  it("are a team's members' alone, on a team's prompts alone", async () => {
    const { editor, viewer, outsider, id, teamId } = await teamPromptWithViewers();
    const made = await viewer.call("POST", suggestions(id), { promptText: "Mine." });
    for (const [method, path] of [
      ["POST", suggestions(id)],
      ["GET", suggestions(id)],
      ["POST", `${suggestions(id)}/${made.body.id}/accept`],
      ["POST", `${suggestions(id)}/${made.body.id}/decline`],
    ] as const) {
      const hidden = await outsider.call(
        method,
        path,
        method === "POST" ? { promptText: "Theirs." } : undefined,
      );
      expect(hidden.status, `${method} ${path}`).toBe(404);
      expect(hidden.body.error.detail).toBe("prompt_not_found");
    }
    // A team prompt its editors shared: everyone reads it, only members suggest.
    const shared = await promptOfTeam(editor, teamId, { shared: true });
    for (const [method, body] of [
      ["POST", { promptText: "Theirs." }],
      ["GET", undefined],
    ] as const) {
      const notMember = await outsider.call(method, suggestions(shared), body);
      expect(notMember.status, method).toBe(403);
      expect(notMember.body.error.detail).toBe("team_role");
    }

    // A prompt outside a team takes none, its owner's or a shared one.
    const own = await outsider.call("POST", "/api/v1/prompts", {
      promptText: "Mine alone.",
      shared: true,
    });
    for (const who of [outsider, viewer]) {
      const refused = await who.call("POST", suggestions(own.body.id), { promptText: "Other." });
      expect(refused.status).toBe(403);
      expect(refused.body.error.detail).toBe("suggestions_team_only");
    }
    const unknown = await editor.call(
      "POST",
      `${suggestions(id)}/00000000-0000-4000-8000-000000000000/accept`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.detail).toBe("suggestion_not_found");
    const elsewhere = await editor.call("POST", `${suggestions(shared)}/${made.body.id}/accept`);
    expect(elsewhere.body.error.detail).toBe("suggestion_not_found");
  });

  it("are refused past their limits: text, note, and how many wait on a prompt", async () => {
    const { owner, viewer, otherViewer, id } = await teamPromptWithViewers();
    const blank = await viewer.call("POST", suggestions(id), { promptText: "   " });
    expect(blank.body.error.detail).toBe("prompt_content_missing");
    const long = await viewer.call("POST", suggestions(id), { promptText: "x".repeat(200_001) });
    expect(long.body.error.detail).toBe("prompt_too_long");
    const note = await viewer.call("POST", suggestions(id), {
      promptText: "Fine.",
      note: "n".repeat(501),
    });
    expect(note.status).toBe(400);
    expect(
      (await viewer.call("POST", suggestions(id), { promptText: "Fine.", note: "n".repeat(500) }))
        .status,
    ).toBe(201);

    // This file's database lets 2 wait on a prompt.
    const second = await otherViewer.call("POST", suggestions(id), { promptText: "Second." });
    expect(second.status).toBe(201);
    const third = await otherViewer.call("POST", suggestions(id), { promptText: "Third." });
    expect(third.status).toBe(413);
    expect(third.body.error).toMatchObject({
      detail: "suggestion_limit",
      message: "A prompt has at most 2 suggestions waiting: accept or decline some first",
    });
    await owner.call("POST", `${suggestions(id)}/${second.body.id}/decline`);
    expect((await otherViewer.call("POST", suggestions(id), { promptText: "Third." })).status).toBe(
      201,
    );
  });

  it("into a shared prompt, pass the privacy check unless confirmed", async () => {
    const { editor, viewer, id } = await teamPromptWithViewers(true);
    const made = await viewer.call("POST", suggestions(id), {
      promptText: `Deploy with ghp_${"Ab1Cd2Ef3".repeat(4)}`,
    });
    const held = await editor.call("POST", `${suggestions(id)}/${made.body.id}/accept`);
    expect(held.status).toBe(422);
    expect(held.body.error.detail).toBe("privacy_findings");
    const [row] = await database.db
      .select({ status: promptSuggestions.status })
      .from(promptSuggestions)
      .where(eq(promptSuggestions.id, made.body.id));
    expect(row?.status).toBe("pending");
    const confirmed = await editor.call("POST", `${suggestions(id)}/${made.body.id}/accept`, {
      confirm: true,
    });
    expect(confirmed.body).toMatchObject({ status: "accepted", acceptedVersion: 2 });
    expect((await editor.call("POST", `${suggestions(id)}/x/accept`, "not json")).status).toBe(400);
  });

  it("outlive their author's membership, and are still credited when accepted", async () => {
    const { owner, editor, viewer, id, teamId } = await teamPromptWithViewers();
    const made = await viewer.call("POST", suggestions(id), { promptText: "From a leaver." });
    await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${viewer.user.id}`);
    expect((await viewer.call("GET", suggestions(id))).status).toBe(404);
    const accepted = await editor.call("POST", `${suggestions(id)}/${made.body.id}/accept`);
    expect(accepted.body).toMatchObject({ author: { id: viewer.user.id }, acceptedVersion: 2 });
    const history = await editor.call("GET", `/api/v1/prompts/${id}/versions`);
    expect(history.body.versions[0]).toMatchObject({ number: 2, authorName: viewer.user.name });
  });
});
