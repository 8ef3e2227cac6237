import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { viewerFor } from "../../tests/support/factories.ts";
import { teamOf, teamPrompt } from "../../tests/support/teams.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { writeVersion } from "../prompts/update-prompt.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const person = () => apiPerson(database.db, app);
const share = (who: Awaited<ReturnType<typeof person>>, id: string, body: object) =>
  who.call("PUT", `/api/v1/prompts/${id}/shared`, body);

describe("sharing a team's prompt with the community", () => {
  it("its editors share and withdraw it; the community sees it only while shared; the log says so", async () => {
    const [owner, editor, viewer, stranger] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
    ]);
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const id = await teamPrompt(editor, teamId, "Write a product launch post for our readers.");
    expect((await stranger.call("GET", `/api/v1/prompts/${id}`)).status).toBe(404);

    // A viewer may not; someone outside the team finds nothing to share.
    expect(await share(viewer, id, { shared: true })).toMatchObject({
      status: 403,
      body: { error: { detail: "team_role" } },
    });
    expect(await share(stranger, id, { shared: true })).toMatchObject({
      status: 404,
      body: { error: { detail: "prompt_not_found" } },
    });

    const shared = await share(editor, id, { shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id, isShared: true, teamId });
    expect((await stranger.call("GET", `/api/v1/prompts/${id}`)).status).toBe(200);
    const community = await stranger.call("GET", "/api/v1/prompts?scope=community");
    expect(community.body.items.map((item: { id: string }) => item.id)).toContain(id);
    // Asked again, nothing changes.
    expect((await share(editor, id, { shared: true })).body.isShared).toBe(true);

    const withdrawn = await share(owner, id, { shared: false });
    expect(withdrawn.body).toMatchObject({ id, isShared: false, teamId });
    expect((await stranger.call("GET", `/api/v1/prompts/${id}`)).status).toBe(404);
    expect((await viewer.call("GET", `/api/v1/prompts/${id}`)).status).toBe(200);

    const log = await viewer.call("GET", `/api/v1/teams/${teamId}/activity`);
    const actions = log.body.items.map((item: { action: string }) => item.action);
    expect(actions.slice(0, 2)).toEqual(["prompt_unshared", "prompt_shared"]);
  });

  it("checks the text and every earlier version for private data before sharing", async () => {
    const [owner] = await Promise.all([person()]);
    const teamId = await teamOf(owner);
    const id = await teamPrompt(owner, teamId, "Email the plan to ana.silva@fastmail.com today.");
    const edited = await owner.call("PATCH", `/api/v1/prompts/${id}`, {
      promptText: "Email the plan to the team today.",
    });
    expect(edited.status).toBe(200);

    // The current text is clean; version 1 still holds the address, and the history is public.
    const refused = await share(owner, id, { shared: true });
    expect(refused.status).toBe(422);
    expect(refused.body.error.detail).toBe("privacy_findings");
    expect(JSON.stringify(refused.body.error.findings)).toContain("promptText");
    expect((await owner.call("GET", `/api/v1/prompts/${id}`)).body.isShared).toBe(false);

    const confirmed = await share(owner, id, { shared: true, confirm: true });
    expect(confirmed.body.isShared).toBe(true);
  });

  it("leaves a person's own prompts as they were written", async () => {
    const writer = await person();
    const made = await writer.call("POST", "/api/v1/prompts", {
      promptText: "A prompt of my own",
      shared: false,
    });
    expect(await share(writer, made.body.id, { shared: true })).toMatchObject({
      status: 403,
      body: { error: { detail: "sharing_team_only" } },
    });
  });

  it("refuses an edit checked while the prompt was not shared, once it is", async () => {
    const owner = await person();
    const teamId = await teamOf(owner);
    const id = await teamPrompt(owner, teamId);
    expect((await share(owner, id, { shared: true })).status).toBe(200);
    // An edit that read the prompt before it was shared checked its text for a private prompt.
    const stale = writeVersion(database.db, viewerFor(owner.user), id, {
      content: { promptText: "Call me on +44 20 7946 0958" },
      note: null,
      restoredFrom: null,
      sharedWhenChecked: false,
    });
    await expect(stale).rejects.toThrow(AppError);
    await expect(stale).rejects.toMatchObject({ detail: "sharing_changed" });
    expect((await owner.call("GET", `/api/v1/prompts/${id}`)).body.promptText).toBe(
      "Write a launch post.",
    );
  });
});
