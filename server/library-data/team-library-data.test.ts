import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { asActor } from "../../tests/support/actors.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { teamOf, teamPrompt } from "../../tests/support/teams.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { defaultConnectionSettings } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import {
  collections,
  favourites,
  folders,
  prompts,
  promptTags,
  tags,
  teamActivity,
} from "../db/schema.ts";
import { libraryFormat } from "./export-library.ts";

/**
 * A team's library as a file: any member exports it (GET /api/v1/export?team=), its editors
 * import into it (POST /api/v1/import?team=), by the personal import's rules and limits. Small
 * library limits, so one can be passed in a test.
 */
let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  {
    settings: { ...defaultConnectionSettings(), "promptshelf.prompts_per_person": "12" },
    env: { IMPORT_PROMPT_LIMIT: "20" },
  },
);

type Person = Awaited<ReturnType<typeof apiPerson>>;
const person = () => apiPerson(database.db, app);

async function download(who: Person, path: string) {
  const res = await app.request(path, asActor(who.actor));
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A team with an editor's prompt at version 2, an owner's shared one, and the editor's own. */
async function teamLibrary() {
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
  const edited = await teamPrompt(editor, teamId, "Write a launch post.");
  const changed = await editor.call("PATCH", `/api/v1/prompts/${edited}`, {
    promptText: "Write a launch post in two lines.",
    note: "shorter",
  });
  expect(changed.body.version).toBe(2);
  const shared = await teamPrompt(owner, teamId, "Announce the release to customers.", true);
  const own = await editor.call("POST", "/api/v1/prompts", {
    promptText: "My own weekly summary.",
    shared: false,
  });
  return { owner, editor, viewer, outsider, teamId, edited, shared, own: own.body.id as string };
}

describe("a team's export", () => {
  it("is any member's, with its prompts and their history, and no one else's", async () => {
    const { owner, editor, viewer, outsider, teamId, edited, shared } = await teamLibrary();
    for (const member of [owner, editor, viewer]) {
      const { res, bytes } = await download(member, `/api/v1/export?team=${teamId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename="promptshelf-team-library-\d{4}-\d\d-\d\d\.json"$/,
      );
      const file = JSON.parse(text(bytes));
      expect(file).toMatchObject({
        format: libraryFormat,
        team: { name: "Marketing" },
        folders: [],
        favourites: [],
        collections: [],
      });
      expect(file.prompts.map((p: { id: string }) => p.id)).toEqual([edited, shared]);
      expect(file.prompts[0]).toMatchObject({
        promptText: "Write a launch post in two lines.",
        version: 2,
        versionNote: "shorter",
        shared: false,
        folderId: null,
        tags: [],
        favourite: false,
      });
      expect(file.prompts[1]).toMatchObject({ shared: true, version: 1 });
      expect(file.versions).toEqual([
        expect.objectContaining({
          promptId: edited,
          number: 1,
          promptText: "Write a launch post.",
        }),
      ]);
    }
    const csv = await download(viewer, `/api/v1/export?team=${teamId}&format=csv`);
    expect(csv.res.status).toBe(200);
    expect(text(csv.bytes).split("\n").filter(Boolean)).toHaveLength(3);
    expect(text(csv.bytes)).toContain("Write a launch post in two lines.");
    const markdown = await download(viewer, `/api/v1/export?team=${teamId}&format=markdown`);
    expect(text(markdown.bytes)).toMatch(/^# PromptShelf library of the team Marketing\n/);
    expect(text(markdown.bytes)).toContain("Team · Category: Launch post");
    expect(text(markdown.bytes)).toContain("Shared with the community · Category: Launch post");
    const zip = await download(viewer, `/api/v1/export?team=${teamId}&format=prompt-files`);
    expect(zip.res.headers.get("content-disposition")).toMatch(/promptshelf-team-prompts-/);
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual(["launch-post-2.prompt.md", "launch-post.prompt.md"]);
    expect(strFromU8(files["launch-post.prompt.md"] as Uint8Array)).toContain(
      "Write a launch post in two lines.",
    );

    // Outside the team, it is not there, in any format; a malformed id is no team at all.
    const skills = await download(viewer, `/api/v1/export?team=${teamId}&format=skills`);
    expect(skills.res.headers.get("content-disposition")).toMatch(/promptshelf-team-skills-/);
    expect(Object.keys(unzipSync(skills.bytes)).sort()).toEqual([
      "README.md",
      "launch-post-2/SKILL.md",
      "launch-post/SKILL.md",
    ]);

    for (const format of ["json", "csv", "markdown", "prompt-files", "skills"]) {
      const refused = await outsider.call("GET", `/api/v1/export?team=${teamId}&format=${format}`);
      expect(refused.status).toBe(404);
      expect(refused.body.error.detail).toBe("team_not_found");
    }
    expect((await outsider.call("GET", "/api/v1/export?team=not-a-team")).status).toBe(400);
    expect((await app.request(`/api/v1/export?team=${teamId}`)).status).toBe(401);
  });

  it("never puts a team's prompts in anyone's own export, their writer's neither", async () => {
    const { editor, owner, own, edited, shared } = await teamLibrary();
    const mine = JSON.parse(text((await download(editor, "/api/v1/export")).bytes));
    expect(mine.prompts.map((p: { id: string }) => p.id)).toEqual([own]);
    expect(mine.versions).toEqual([]);
    expect(mine.team).toBeUndefined();
    const owners = JSON.parse(text((await download(owner, "/api/v1/export")).bytes));
    expect(owners.prompts).toEqual([]);
    for (const format of ["csv", "markdown"]) {
      const body = text((await download(editor, `/api/v1/export?format=${format}`)).bytes);
      expect(body).toContain("My own weekly summary.");
      expect(body).not.toContain("launch post");
      expect(body).not.toContain("Announce the release");
    }
    const zip = unzipSync((await download(editor, "/api/v1/export?format=prompt-files")).bytes);
    expect(Object.keys(zip)).toHaveLength(1);
    for (const id of [edited, shared]) expect(JSON.stringify(mine)).not.toContain(id);
  });
});

/** A personal JSON export, as written by hand: a folder, tags, a star, a pin, a collection. */
function personalFile(starredId: string) {
  return JSON.stringify({
    format: libraryFormat,
    version: 1,
    folders: [{ id: "f1", name: "Work", parentId: null }],
    favourites: [{ promptId: starredId }],
    collections: [
      {
        title: "Launch kit",
        description: "",
        isPublic: false,
        items: [{ promptId: "p1", note: "" }],
      },
    ],
    prompts: [
      {
        id: "p1",
        promptText: "Draft the press release.",
        category: "Press",
        shared: false,
        folderId: "f1",
        tags: ["launch", "press"],
        favourite: true,
        pinnedAt: "2024-05-01T10:00:00.000Z",
        version: 2,
        versionNote: "tighter",
        createdAt: "2024-04-01T10:00:00.000Z",
        updatedAt: "2024-04-02T10:00:00.000Z",
      },
      { id: "p2", promptText: "List the launch risks.", shared: true, tags: ["launch"] },
    ],
    versions: [
      {
        promptId: "p1",
        number: 1,
        category: "Press",
        promptText: "Draft a long press release.",
        createdAt: "2024-04-01T10:00:00.000Z",
      },
    ],
  });
}

async function personalRows(userId: string) {
  const count = async (table: typeof folders | typeof tags | typeof collections) =>
    (await database.db.select().from(table).where(eq(table.userId, userId))).length;
  return {
    folders: await count(folders),
    tags: await count(tags),
    collections: await count(collections),
    stars: (await database.db.select().from(favourites).where(eq(favourites.userId, userId)))
      .length,
  };
}

describe("an import into a team", () => {
  it("brings the file's prompts in as the team's, with their history, and logs it", async () => {
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
    const starred = await stranger.call("POST", "/api/v1/prompts", {
      promptText: "A shared prompt someone starred.",
      shared: true,
    });
    const file = personalFile(starred.body.id);

    const preview = await editor.upload(`/api/v1/import?team=${teamId}&dryRun=1`, file);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ added: 2, newFolders: 0, newCollections: 0 });
    const report = await editor.upload(`/api/v1/import?team=${teamId}`, file);
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({
      format: "PromptShelf JSON",
      inFile: 2,
      added: 2,
      newFolders: 0,
      newCollections: 0,
      collectionsInLibrary: 0,
      dryRun: false,
    });

    // The team's, for every member; nothing of the file's folders, tags, stars, pin or collection.
    const list = await viewer.call("GET", `/api/v1/prompts?scope=team&team=${teamId}`);
    expect(list.body.items.map((p: { promptText: string }) => p.promptText).sort()).toEqual([
      "Draft the press release.",
      "List the launch risks.",
    ]);
    const rows = await database.db.select().from(prompts).where(eq(prompts.teamId, teamId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ userId: editor.user.id, folderId: null, pinnedAt: null });
    }
    const pressRelease = rows.find((row) => row.promptText === "Draft the press release.");
    expect(pressRelease).toMatchObject({ version: 2, versionNote: "tighter" });
    const history = await viewer.call("GET", `/api/v1/prompts/${pressRelease?.id}/versions`);
    expect(history.body.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(
      await database.db
        .select()
        .from(promptTags)
        .where(eq(promptTags.promptId, pressRelease?.id ?? "")),
    ).toEqual([]);
    expect(await personalRows(editor.user.id)).toEqual({
      folders: 0,
      tags: 0,
      collections: 0,
      stars: 0,
    });
    expect((await editor.call("GET", "/api/v1/prompts?scope=personal")).body.items).toEqual([]);

    // One entry in the log, which every member reads (it is about prompts).
    const log = await viewer.call("GET", `/api/v1/teams/${teamId}/activity`);
    expect(log.body.items[0]).toMatchObject({
      action: "prompts_imported",
      actor: { id: editor.user.id },
      detail: { count: 2, format: "PromptShelf JSON" },
    });
    expect(
      log.body.items.filter((e: { action: string }) => e.action === "prompts_imported"),
    ).toHaveLength(1);

    // The team's library decides what is there already; the person's own is another library.
    const again = await editor.upload(`/api/v1/import?team=${teamId}`, file);
    expect(again.body).toMatchObject({ added: 0, alreadyInLibrary: 2 });
    const intoOwn = await editor.upload("/api/v1/import", file);
    expect(intoOwn.body).toMatchObject({ added: 2, alreadyInLibrary: 0, newFolders: 1 });
  });

  it("refuses a viewer (403) and anyone outside the team (404) before reading the file", async () => {
    const [owner, viewer, outsider] = await Promise.all([person(), person(), person()]);
    const teamId = await teamOf(owner, [[viewer, "viewer"]]);
    const good = personalFile("00000000-0000-4000-8000-000000000000");
    for (const file of [good, "{ not json"]) {
      const refused = await viewer.upload(`/api/v1/import?team=${teamId}`, file);
      expect(refused.status).toBe(403);
      expect(refused.body.error.detail).toBe("team_role");
      const hidden = await outsider.upload(`/api/v1/import?team=${teamId}`, file);
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.detail).toBe("team_not_found");
    }
    expect(await database.db.select().from(prompts).where(eq(prompts.teamId, teamId))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(teamActivity)
        .where(and(eq(teamActivity.teamId, teamId), eq(teamActivity.action, "prompts_imported"))),
    ).toEqual([]);
  });

  it("keeps the personal import's limits and privacy check", async () => {
    const [owner, editor] = await Promise.all([person(), person()]);
    const teamId = await teamOf(owner, [[editor, "editor"]]);
    const csv = (count: number) =>
      `act,prompt\n${Array.from({ length: count }, (_, i) => `A${i},text ${i}`).join("\n")}\n`;
    // More than one import takes, and more than a library holds (12 prompts).
    const tooMany = await editor.upload(`/api/v1/import?team=${teamId}`, csv(21));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.detail).toBe("import_too_large");
    await editor.call("POST", "/api/v1/prompts", { promptText: "Mine", shared: false });
    const pastLibrary = await editor.upload(`/api/v1/import?team=${teamId}`, csv(13));
    expect(pastLibrary.status).toBe(413);
    expect(pastLibrary.body.error.detail).toBe("team_library_full");
    expect(await database.db.select().from(prompts).where(eq(prompts.teamId, teamId))).toEqual([]);
    // The team's library holds 12 of its own, whatever its writer's holds, and then no more,
    // by the import's check or the database's on one prompt.
    expect((await editor.upload(`/api/v1/import?team=${teamId}`, csv(12))).status).toBe(201);
    const full = await editor.upload(`/api/v1/import?team=${teamId}`, "act,prompt\nB,other\n");
    expect(full.body.error).toMatchObject({
      detail: "team_library_full",
      message: "This team's library is full: it holds at most 12 prompts",
    });
    const one = await editor.call("POST", "/api/v1/prompts", {
      promptText: "One more",
      useCase: "More",
      shared: false,
      teamId,
    });
    expect(one.status).toBe(413);
    expect(one.body.error.detail).toBe("team_library_full");
    // The writer's own library counts their own prompts alone: 11 more fit beside "Mine".
    expect((await editor.upload("/api/v1/import", csv(11))).status).toBe(201);
    expect((await editor.upload("/api/v1/import", "act,prompt\nC,another\n")).status).toBe(413);
    // A prompt of theirs moved into a full team is refused, and stays theirs.
    const [mine] = await database.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.userId, editor.user.id), eq(prompts.promptText, "Mine")));
    const moved = await editor.call("PUT", `/api/v1/prompts/${mine?.id}/team`, { teamId });
    expect(moved.body.error.detail).toBe("team_library_full");

    const secret = JSON.stringify({
      format: libraryFormat,
      prompts: [{ promptText: `Deploy with ghp_${"Ab1Cd2Ef3".repeat(4)}`, shared: true }],
    });
    const [owner2, editor2] = await Promise.all([person(), person()]);
    const other = await teamOf(owner2, [[editor2, "editor"]]);
    const held = await editor2.upload(`/api/v1/import?team=${other}`, secret);
    expect(held.status).toBe(422);
    expect(held.body.error.detail).toBe("privacy_findings");
    expect(await database.db.select().from(prompts).where(eq(prompts.teamId, other))).toEqual([]);
    expect((await editor2.upload(`/api/v1/import?team=${other}&confirm=1`, secret)).status).toBe(
      201,
    );
  });

  it("takes a team's own export into another team, history and all", async () => {
    const { owner, editor, teamId, edited } = await teamLibrary();
    const file = text((await download(editor, `/api/v1/export?team=${teamId}`)).bytes);
    const other = await teamOf(owner, [], "Sales");
    const report = await owner.upload(`/api/v1/import?team=${other}`, file);
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({ added: 2, alreadyInLibrary: 0 });
    const list = await owner.call("GET", `/api/v1/prompts?scope=team&team=${other}`);
    const copy = list.body.items.find(
      (p: { promptText: string }) => p.promptText === "Write a launch post in two lines.",
    );
    expect(copy).toMatchObject({ teamId: other, version: 2, isShared: false });
    expect(copy.id).not.toBe(edited);
    const history = await owner.call("GET", `/api/v1/prompts/${copy.id}/versions`);
    expect(history.body.versions.map((v: { note: string | null }) => v.note)).toEqual([
      "shorter",
      null,
    ]);
  });
});
