import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { importer, variablesOf } from "../../tests/fixtures/imports/import-helpers.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const person = () => importer(database.db, app);

/** A small library: nested folders, tags, variables with and without defaults, an escaped {{. */
async function libraryToExport() {
  const me = await person();
  const work = (await me.call("POST", "/api/v1/folders", { name: "Work" })).body;
  const clients = (await me.call("POST", "/api/v1/folders", { name: "Clients", parentId: work.id }))
    .body;
  const add = async (
    fields: { promptText: string; useCase?: string },
    folderId: string | null,
    tags: string[],
  ) => {
    const prompt = (await me.call("POST", "/api/v1/prompts", { ...fields, shared: false })).body;
    if (folderId) await me.call("PUT", `/api/v1/prompts/${prompt.id}/folder`, { folderId });
    for (const name of tags) await me.call("POST", `/api/v1/prompts/${prompt.id}/tags`, { name });
  };
  await add(
    {
      useCase: "Code review",
      promptText: "Review {{language|TypeScript}} code for {{focus}}.\nKeep \\{{literal}} braces.",
    },
    clients.id,
    ["dev", "review"],
  );
  await add(
    { useCase: "Code review", promptText: "A second review, of {{language}} tests." },
    clients.id,
    [],
  );
  await add(
    { useCase: "Meeting notes", promptText: "Summarise the meeting about {{topic}}." },
    null,
    ["notes"],
  );
  await add({ promptText: "Just text, with no title and no variables." }, work.id, []);
  return me;
}

describe("the .prompt.md export", () => {
  it("is a zip of .prompt.md files, folders as folders, front matter and Copilot variables", async () => {
    const me = await libraryToExport();
    const exported = await app.request("/api/v1/export?format=prompt-files", {
      headers: { cookie: me.actor.cookie },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="promptshelf-prompts-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "Work/Clients/code-review-2.prompt.md",
      "Work/Clients/code-review.prompt.md",
      "Work/untitled.prompt.md",
      "meeting-notes.prompt.md",
    ]);
    const read = (path: string) => strFromU8(files[path] ?? new Uint8Array());
    expect(read("Work/Clients/code-review.prompt.md")).toBe(
      [
        "---",
        'description: "Code review"',
        'tags: ["dev","review"]',
        'argument-hint: "language, focus"',
        "---",
        "",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Copilot's variable syntax
        "Review ${input:language:TypeScript} code for ${input:focus}.",
        "Keep {{literal}} braces.",
        "",
      ].join("\n"),
    );
    expect(read("Work/untitled.prompt.md")).toBe(
      '---\ndescription: "Untitled"\n---\n\nJust text, with no title and no variables.\n',
    );
  });

  it("imports back into an empty library with folders, tags and variables intact", async () => {
    const from = await libraryToExport();
    const exported = await app.request("/api/v1/export?format=prompt-files", {
      headers: { cookie: from.actor.cookie },
    });
    const zip = new Uint8Array(await exported.arrayBuffer());

    const to = await person();
    const preview = await to.send(zip, "promptshelf-prompts.zip", true);
    expect(preview.body).toMatchObject({
      format: "Copilot prompt files",
      inFile: 4,
      added: 4,
      newFolders: 2,
    });
    expect((await to.send(zip, "promptshelf-prompts.zip")).status).toBe(201);
    const shape = (library: Awaited<ReturnType<typeof from.library>>) =>
      library.map(({ createdAt: _, ...prompt }) => prompt);
    const imported = shape(await to.library());
    expect(imported).toEqual(shape(await from.library()));
    expect(imported).toEqual([
      {
        title: "Code review",
        category: "Code review",
        text: "A second review, of {{language}} tests.",
        tags: [],
        folder: "Work / Clients",
      },
      {
        title: "Code review",
        category: "Code review",
        text: "Review {{language|TypeScript}} code for {{focus}}.\nKeep \\{{literal}} braces.",
        tags: ["dev", "review"],
        folder: "Work / Clients",
      },
      {
        title: "Meeting notes",
        category: "Meeting notes",
        text: "Summarise the meeting about {{topic}}.",
        tags: ["notes"],
        folder: null,
      },
      {
        title: "Untitled",
        category: null,
        text: "Just text, with no title and no variables.",
        tags: [],
        folder: "Work",
      },
    ]);
    expect(variablesOf(imported[1]?.text ?? "")).toEqual([
      { name: "language", defaultValue: "TypeScript" },
      { name: "focus", defaultValue: "" },
    ]);

    // The same zip again adds nothing: every text is already there, exactly.
    expect((await from.send(zip, "promptshelf-prompts.zip", true)).body).toMatchObject({
      added: 0,
      alreadyInLibrary: 4,
    });
  });
});
