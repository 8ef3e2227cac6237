import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type Person, promptOfTeam, teamWith } from "../../tests/support/team-setup.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { defaultConnectionSettings } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { promptLabels } from "../db/schema.ts";
import { asAppError } from "../errors.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  {
    settings: {
      ...defaultConnectionSettings(),
      "promptshelf.labels_per_prompt": "3",
      "promptshelf.versions_per_prompt": "3",
    },
  },
);

const person = () => apiPerson(database.db, app);
const labels = (id: string) => `/api/v1/prompts/${id}/labels`;
const byLabel = (id: string, label: string) => `/api/v1/prompts/${id}?label=${label}`;

/** A personal prompt of `owner` at version `versions`: its text is "v1", "v2"… */
async function promptAt(owner: Person, versions: number, shared = false) {
  const made = await owner.call("POST", "/api/v1/prompts", {
    promptText: "v1",
    useCase: "Release notes",
    shared,
  });
  expect(made.status).toBe(201);
  for (let n = 2; n <= versions; n++) {
    const edited = await owner.call("PATCH", `/api/v1/prompts/${made.body.id}`, {
      promptText: `v${n}`,
    });
    expect(edited.body.version).toBe(n);
  }
  return made.body.id as string;
}

const actions = async (member: Person, teamId: string) =>
  (await member.call("GET", `/api/v1/teams/${teamId}/activity`)).body.items.map(
    (entry: { action: string; detail: Record<string, unknown> }) => [
      entry.action,
      entry.detail.label ?? null,
      entry.detail.version ?? null,
    ],
  );

describe("a team prompt's labels", () => {
  it("are set and moved by its editors, read by every member, and kept through edits", async () => {
    const [owner, editor, viewer, outsider] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
    ]);
    const teamId = await teamWith(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const id = await promptOfTeam(editor, teamId, { promptText: "v1" });
    await editor.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "v2" });

    const set = await editor.call("PUT", `${labels(id)}/production`, { version: 1 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      label: "production",
      version: 1,
      movedAt: expect.any(String),
      movedBy: { id: editor.user.id, name: expect.any(String) },
    });
    const read = await viewer.call("GET", byLabel(id, "production"));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, teamId, promptText: "v1", version: 1 });
    expect((await viewer.call("GET", `/api/v1/prompts/${id}`)).body.promptText).toBe("v2");

    expect((await owner.call("PUT", `${labels(id)}/staging`, { version: 2 })).status).toBe(200);
    const listed = await viewer.call("GET", labels(id));
    expect(
      listed.body.items.map((l: { label: string; version: number }) => [l.label, l.version]),
    ).toEqual([
      ["production", 1],
      ["staging", 2],
    ]);

    // Moving a label is one request; the same place again changes nothing and logs nothing.
    const moved = await editor.call("PUT", `${labels(id)}/production`, { version: 2 });
    expect(moved.body).toMatchObject({ label: "production", version: 2 });
    expect((await editor.call("PUT", `${labels(id)}/production`, { version: 2 })).status).toBe(200);
    expect((await viewer.call("GET", byLabel(id, "production"))).body.promptText).toBe("v2");

    // An edit makes version 3; the labels stay on version 2, read from the history.
    await editor.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "v3" });
    const after = await viewer.call("GET", byLabel(id, "production"));
    expect(after.body).toMatchObject({ promptText: "v2", version: 2 });
    const history = await viewer.call("GET", `/api/v1/prompts/${id}/versions`);
    expect(
      history.body.versions.map((v: { number: number; labels: string[] }) => [v.number, v.labels]),
    ).toEqual([
      [3, []],
      [2, ["production", "staging"]],
      [1, []],
    ]);

    // A viewer reads them but changes none; to anyone outside the team the prompt is not there.
    for (const [method, path] of [
      ["PUT", `${labels(id)}/production`],
      ["DELETE", `${labels(id)}/staging`],
    ] as const) {
      const refused = await viewer.call(
        method,
        path,
        method === "PUT" ? { version: 1 } : undefined,
      );
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.detail).toBe("team_role");
    }
    for (const [method, path] of [
      ["GET", labels(id)],
      ["GET", byLabel(id, "production")],
      ["PUT", `${labels(id)}/production`],
      ["DELETE", `${labels(id)}/staging`],
    ] as const) {
      const hidden = await outsider.call(
        method,
        path,
        method === "PUT" ? { version: 1 } : undefined,
      );
      expect(hidden.status, `${method} ${path}`).toBe(404);
      expect(hidden.body.error.detail).toBe("prompt_not_found");
    }

    expect((await owner.call("DELETE", `${labels(id)}/staging`)).status).toBe(204);
    const again = await owner.call("DELETE", `${labels(id)}/staging`);
    expect(again.status).toBe(404);
    expect(again.body.error.detail).toBe("label_not_found");
    const gone = await viewer.call("GET", byLabel(id, "staging"));
    expect(gone.status).toBe(404);
    expect(gone.body.error.detail).toBe("label_not_found");

    // Every member reads the labels' moves in the log, newest first.
    for (const member of [owner, viewer]) {
      expect((await actions(member, teamId)).slice(0, 5)).toEqual([
        ["prompt_unlabelled", "staging", 2],
        ["prompt_edited", null, 3],
        ["prompt_labelled", "production", 2],
        ["prompt_labelled", "staging", 2],
        ["prompt_labelled", "production", 1],
      ]);
    }
  });
});

describe("labels", () => {
  it("are named with a-z, 0-9 and dashes, on versions that are there, and a limited number a prompt", async () => {
    const owner = await person();
    const id = await promptAt(owner, 2);
    for (const name of ["Production", "a_b", "x".repeat(33), "%20"]) {
      const refused = await owner.call("PUT", `${labels(id)}/${name}`, { version: 1 });
      expect(refused.status, name).toBe(400);
    }
    expect((await owner.call("GET", byLabel(id, "Prod"))).status).toBe(400);
    expect((await owner.call("PUT", `${labels(id)}/ok`, { version: 0 })).status).toBe(400);
    const missing = await owner.call("PUT", `${labels(id)}/ok`, { version: 9 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.detail).toBe("version_not_found");

    // This file's database allows 3 a prompt; a label moved at the limit is no new one.
    for (const name of ["production", "staging", "x-1"]) {
      expect((await owner.call("PUT", `${labels(id)}/${name}`, { version: 1 })).status).toBe(200);
    }
    const full = await owner.call("PUT", `${labels(id)}/canary`, { version: 2 });
    expect(full.status).toBe(413);
    expect(full.body.error).toMatchObject({
      detail: "label_limit",
      message: "A prompt carries at most 3 labels: remove one first",
    });
    expect((await owner.call("PUT", `${labels(id)}/x-1`, { version: 2 })).status).toBe(200);
    expect((await owner.call("GET", labels(id))).body.items).toHaveLength(3);
  });

  it("are read by anyone who reads the prompt, and changed only by who may edit it", async () => {
    const [owner, other] = await Promise.all([person(), person()]);
    const personal = await promptAt(owner, 2);
    const shared = await promptAt(owner, 2, true);
    for (const id of [personal, shared]) {
      expect((await owner.call("PUT", `${labels(id)}/production`, { version: 1 })).status).toBe(
        200,
      );
    }
    expect((await other.call("GET", byLabel(personal, "production"))).status).toBe(404);
    expect((await other.call("GET", labels(personal))).status).toBe(404);
    expect((await other.call("GET", byLabel(shared, "production"))).body).toMatchObject({
      promptText: "v1",
      version: 1,
    });
    const refused = await other.call("PUT", `${labels(shared)}/production`, { version: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.detail).toBe("prompt_not_own");
  });

  it("go with the version they point at when it is purged or merged away", async () => {
    const owner = await person();
    const id = await promptAt(owner, 3);
    for (const [label, version] of [
      ["first", 1],
      ["second", 2],
      ["third", 3],
    ] as const) {
      expect((await owner.call("PUT", `${labels(id)}/${label}`, { version })).status).toBe(200);
    }
    expect((await owner.call("DELETE", `/api/v1/prompts/${id}/versions/2`)).status).toBe(204);
    const purged = await owner.call("GET", byLabel(id, "second"));
    expect(purged.status).toBe(404);
    expect(purged.body.error.detail).toBe("label_not_found");
    const onPurged = await owner.call("PUT", `${labels(id)}/second`, { version: 2 });
    expect(onPurged.status).toBe(409);
    expect(onPurged.body.error.detail).toBe("version_purged");

    // This file keeps 3 versions a prompt: version 4 merges version 1 away, and its label.
    await owner.call("PATCH", `/api/v1/prompts/${id}`, { promptText: "v4" });
    const kept = await owner.call("GET", labels(id));
    expect(kept.body.items.map((l: { label: string }) => l.label)).toEqual(["third"]);
    expect((await owner.call("GET", byLabel(id, "third"))).body.promptText).toBe("v3");

    // Whatever writes a label, the database takes none on a version that is not there.
    for (const version of [1, 2, 7]) {
      const refused = await database.db
        .insert(promptLabels)
        .values({ promptId: id, label: "direct", version })
        .catch((error: unknown) => error);
      expect(asAppError(refused)?.detail, `version ${version}`).toBe("version_not_found");
    }
    const rows = await database.db
      .select()
      .from(promptLabels)
      .where(and(eq(promptLabels.promptId, id), eq(promptLabels.label, "direct")));
    expect(rows).toEqual([]);
  });
});
