import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { favourites, folders, prompts, sessions, tags, users } from "../db/schema.ts";
import { projectRoot } from "../project-root.ts";
import { libraryFormat } from "./export-library.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

async function person(email?: string) {
  const { user, actor, call, upload } = await apiPerson(database.db, app, email ? { email } : {});
  const everything = async () => {
    const all: Prompt[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Prompt[]; nextCursor: string | null } = (
        await call(
          "GET",
          `/api/v1/prompts?scope=personal&limit=100&sort=oldest${cursor ? `&cursor=${cursor}` : ""}`,
        )
      ).body;
      const shared = cursor
        ? { items: [] }
        : (await call("GET", "/api/v1/prompts?scope=community&limit=100")).body;
      all.push(...page.items, ...shared.items.filter((p: Prompt) => p.isOwn));
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  };
  return { user, actor, call, upload, everything };
}

describe("export then import", () => {
  it("a JSON export imported into a fresh account gives the same library", async () => {
    const from = await person();
    const work = (await from.call("POST", "/api/v1/folders", { name: "Work" })).body;
    const deep = (await from.call("POST", "/api/v1/folders", { name: "Deep", parentId: work.id }))
      .body;
    const a = (
      await from.call("POST", "/api/v1/prompts", {
        promptText: "Alpha text",
        useCase: "alpha",
        shared: false,
      })
    ).body;
    const b = (
      await from.call("POST", "/api/v1/prompts", {
        promptText: 'Beta\n"quoted", text',
        shared: true,
      })
    ).body;
    await from.call("PUT", `/api/v1/prompts/${a.id}/folder`, { folderId: deep.id });
    await from.call("POST", `/api/v1/prompts/${a.id}/tags`, { name: "Writing" });
    await from.call("POST", `/api/v1/prompts/${b.id}/tags`, { name: "email" });
    await from.call("PUT", `/api/v1/prompts/${a.id}/favourite`);

    const exported = await from.call("GET", "/api/v1/export?format=json");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="promptshelf-library-\d{4}-\d{2}-\d{2}\.json"$/,
    );

    const to = await person();
    const preview = await to.upload("/api/v1/import?dryRun=1", exported.text);
    expect(preview).toMatchObject({
      status: 200,
      body: {
        format: "PromptShelf JSON",
        inFile: 2,
        added: 2,
        repeatedInFile: 0,
        alreadyInLibrary: 0,
        duplicates: 0,
        newFolders: 2,
        dryRun: true,
      },
    });
    expect(await to.everything()).toEqual([]);
    expect((await to.upload("/api/v1/import", exported.text)).status).toBe(201);

    const shape = (list: Prompt[]) =>
      list
        .map((p) => ({
          title: p.title,
          text: p.promptText,
          category: p.category,
          shared: p.isShared,
          tags: p.tags,
          favourite: p.isFavourite,
          createdAt: p.createdAt,
        }))
        .sort((x, y) => x.text.localeCompare(y.text));
    expect(shape(await to.everything())).toEqual(shape(await from.everything()));
    const theirFolders = (await to.call("GET", "/api/v1/folders")).body
      .map((f: { name: string }) => f.name)
      .sort();
    expect(theirFolders).toEqual(["Deep", "Work"]);
    const imported = (await to.everything()).find((p) => p.promptText === "Alpha text");
    const deepId = (await to.call("GET", "/api/v1/folders")).body.find(
      (f: { name: string }) => f.name === "Deep",
    ).id;
    expect(imported?.folderId).toBe(deepId);

    const again = await to.upload("/api/v1/import", exported.text);
    expect(again.body).toMatchObject({
      added: 0,
      repeatedInFile: 0,
      alreadyInLibrary: 2,
      duplicates: 2,
    });
  });

  it("CSV and Markdown exports carry every prompt", async () => {
    const me = await person();
    await me.call("POST", "/api/v1/prompts", {
      promptText: "Line one\nline, two",
      useCase: "notes",
      shared: false,
    });
    const csv = await me.call("GET", "/api/v1/export?format=csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.text.startsWith("act,prompt,category,tags,folder,created_at\r\n")).toBe(true);
    expect(csv.text).toContain('notes,"Line one\nline, two",notes,,,');
    const markdown = await me.call("GET", "/api/v1/export?format=markdown");
    expect(markdown.text).toContain("## notes\n");
    expect(markdown.text).toContain("```\nLine one\nline, two\n```");
  });
});

describe("importing prompts.csv", () => {
  it("adds every prompt once and keeps long use cases whole in the text", async () => {
    const me = await person();
    const file = await readFile(join(projectRoot, "seed/prompts.csv"), "utf8");
    const result = await me.upload("/api/v1/import", file);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      format: "prompts.chat CSV",
      inFile: 1529,
      // A fresh library: every prompt skipped repeats one further up the file.
      repeatedInFile: 18,
      alreadyInLibrary: 0,
      duplicates: 18,
      added: 1511,
    });
    const rows = await database.db.select().from(prompts).where(eq(prompts.userId, me.user.id));
    expect(rows).toHaveLength(1511);
    const longAct = "Fill in the Blank Worksheets Generator";
    const cut = rows.filter((row) => row.title === "Fill in the Blank Worksheets");
    expect(cut.length).toBeGreaterThan(0);
    for (const row of cut) expect(row.promptText.startsWith(`${longAct}\n\n`)).toBe(true);
    expect(rows.every((row) => row.title.length <= 35 && !row.isShared)).toBe(true);

    // The same file again: the same 18 repeats (a repeat is one whatever the library holds),
    // and the 1,511 distinct prompts the first import added are already in the library.
    const again = await me.upload("/api/v1/import?dryRun=1", file);
    expect(again.body).toMatchObject({
      inFile: 1529,
      repeatedInFile: 18,
      alreadyInLibrary: 1511,
      duplicates: 1529,
      added: 0,
    });
  });

  it("counts repeats within the file apart from prompts the library already has", async () => {
    const me = await person();
    await me.call("POST", "/api/v1/prompts", { promptText: "Kept already", shared: false });
    const file = [
      "act,prompt",
      "a,Kept already",
      "b,Kept already",
      "c,New one",
      "d,New one",
      "e,New one",
      "f,Another",
      "",
    ].join("\n");
    const preview = await me.upload("/api/v1/import?dryRun=1", file);
    // "Kept already" is in the library once (a) and repeated once (b); "New one" is added once
    // and repeated twice (d, e): a repeat counts as a repeat whether or not the library has it.
    expect(preview.body).toMatchObject({
      inFile: 6,
      added: 2,
      alreadyInLibrary: 1,
      repeatedInFile: 3,
      duplicates: 4,
    });
  });

  it.each([
    ["a missing prompt column", "act,text\nA,B\n", "Line 1"],
    ["an unclosed quote", 'act,prompt\nfine,"ok"\nbad,"never closed\n', "Line 3"],
    ["an empty prompt", "act,prompt\nfirst,hello\nsecond,\n", "Line 3"],
    ["a row with too many fields", "act,prompt\na,b\nc,d,e\n", "Line 3"],
    ["broken JSON", '{"format":"promptshelf-library",\n"prompts":[}', "Line 2"],
    ["someone else's JSON", '{"format":"other","prompts":[]}', "The file"],
    ["a NUL in a tag", "act,prompt,category,tags\nA,hello,,good;bad\u0000tag\n", "Line 2"],
    ["a NUL in a use case", "act,prompt\nfine,hello\nbad\u0000,hello\n", "Line 3"],
    [
      "a NUL in a folder name",
      JSON.stringify({
        format: libraryFormat,
        folders: [{ id: "f", name: "bad\u0000name", parentId: null }],
        prompts: [{ promptText: "hello", folderId: "f" }],
      }),
      "Prompt 1",
    ],
  ])("refuses %s, naming where, and imports nothing", async (_case, file, where) => {
    const me = await person();
    const result = await me.upload("/api/v1/import", file);
    expect(result.status).toBe(400);
    expect(result.body.error.message).toMatch(new RegExp(`^${where}: .*Nothing was imported\\.$`));
    expect(await database.db.select().from(prompts).where(eq(prompts.userId, me.user.id))).toEqual(
      [],
    );
  });
});

describe("importing a hand-made JSON file", () => {
  it("names folders as the API does, and takes no date in the future", async () => {
    const me = await person();
    const file = (name: string) =>
      JSON.stringify({
        format: libraryFormat,
        folders: [{ id: "f", name, parentId: null }],
        prompts: [
          { promptText: "Pinned forever?", folderId: "f", createdAt: "2999-01-01T00:00:00Z" },
        ],
      });
    for (const name of ["N".repeat(61), "   "]) {
      const refused = await me.upload("/api/v1/import", file(name));
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/^Prompt 1: the folder name: Folder names/);
    }
    expect((await me.upload("/api/v1/import", file(` ${"N".repeat(60)} `))).status).toBe(201);
    const [row] = await database.db.select().from(prompts).where(eq(prompts.userId, me.user.id));
    expect(row?.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [folder] = await database.db.select().from(folders).where(eq(folders.userId, me.user.id));
    expect(folder?.name).toBe("N".repeat(60));
  });
});

describe("deleting an account", () => {
  it("needs the email typed, then removes everything, keeping shared prompts only if asked", async () => {
    const me = await person();
    const personal = (
      await me.call("POST", "/api/v1/prompts", { promptText: "Mine only", shared: false })
    ).body;
    const shared = (
      await me.call("POST", "/api/v1/prompts", { promptText: "For everyone", shared: true })
    ).body;
    await me.call("POST", "/api/v1/folders", { name: "Work" });
    await me.call("POST", `/api/v1/prompts/${personal.id}/tags`, { name: "x" });
    await me.call("PUT", `/api/v1/prompts/${shared.id}/favourite`);

    expect(
      (await me.call("DELETE", "/api/v1/account", { confirmEmail: "wrong@example.com" })).status,
    ).toBe(400);
    const done = await me.call("DELETE", "/api/v1/account", {
      confirmEmail: me.user.email.toUpperCase(),
      keepSharedPrompts: true,
    });
    expect(done.status).toBe(204);
    expect(done.headers.get("set-cookie")).toMatch(/^ps_session=; Max-Age=0/);

    const gone = async <T extends { userId: unknown }>(table: T) =>
      database.db
        .select()
        .from(table as never)
        .where(eq(table.userId as never, me.user.id));
    expect(await database.db.select().from(users).where(eq(users.id, me.user.id))).toEqual([]);
    for (const table of [sessions, folders, tags, favourites])
      expect(await gone(table)).toEqual([]);
    const [kept] = await database.db.select().from(prompts).where(eq(prompts.id, shared.id));
    expect(kept).toMatchObject({ userId: null, isShared: true });
    expect(await database.db.select().from(prompts).where(eq(prompts.id, personal.id))).toEqual([]);
    expect((await me.call("GET", "/api/v1/session")).body).toBeNull();

    const reader = await person();
    expect((await reader.call("GET", `/api/v1/prompts/${shared.id}`)).body.creatorName).toBe(
      "Community Member",
    );
  });

  it("removes shared prompts too by default", async () => {
    const me = await person();
    const shared = (
      await me.call("POST", "/api/v1/prompts", { promptText: "Gone with me", shared: true })
    ).body;
    await me.call("DELETE", "/api/v1/account", { confirmEmail: me.user.email });
    expect(await database.db.select().from(prompts).where(eq(prompts.id, shared.id))).toEqual([]);
  });
});
