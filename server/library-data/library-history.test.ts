import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Prompt, promptTextMaxLength } from "../../shared/prompt.ts";
import type { History, Upstream, Version } from "../../shared/versions.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts, promptVersions } from "../db/schema.ts";
import { libraryFormat } from "./export-library.ts";

// A prompt may bring at most five versions into an import, the current one counted.
const versionLimit = 5;
let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { env: { VERSION_LIMIT: String(versionLimit) } },
);

type Person = Awaited<ReturnType<typeof apiPerson>>;
const person = () => apiPerson(database.db, app);

async function newPrompt(owner: Person, promptText: string, shared = false, useCase = "Notes") {
  const created = await owner.call("POST", "/api/v1/prompts", { promptText, useCase, shared });
  expect(created.status).toBe(201);
  return created.body as Prompt;
}

async function edit(owner: Person, id: string, change: Record<string, string>) {
  expect((await owner.call("PATCH", `/api/v1/prompts/${id}`, change)).status).toBe(200);
}

async function exportJson(owner: Person) {
  const exported = await owner.call("GET", "/api/v1/export?format=json");
  expect(exported.status).toBe(200);
  return exported.text;
}

async function importJson(owner: Person, file: string) {
  const imported = await owner.upload("/api/v1/import", file);
  expect(imported.status).toBe(201);
  return imported.body;
}

async function own(owner: Person) {
  return (await owner.call("GET", "/api/v1/prompts?scope=personal&limit=100")).body
    .items as Prompt[];
}

/** A prompt's versions newest first, each with its whole text, as its owner sees them. */
async function versionsOf(owner: Person, id: string) {
  const history = (await owner.call("GET", `/api/v1/prompts/${id}/versions`)).body as History;
  const versions = [];
  for (const summary of history.versions) {
    const { authorName: _, ...version } = (
      await owner.call("GET", `/api/v1/prompts/${id}/versions/${summary.number}`)
    ).body as Version;
    versions.push(version);
  }
  return { current: history.current, oldestKept: history.oldestKept, versions };
}

describe("a JSON export imported again", () => {
  it("keeps a prompt's versions: numbers, texts, notes, restores and times", async () => {
    const from = await person();
    const prompt = await newPrompt(from, "Summarise the notes.");
    await edit(from, prompt.id, { promptText: "Summarise the notes briefly.", note: "shorter" });
    await edit(from, prompt.id, { promptText: "List the decisions.", useCase: "Decisions" });
    const restored = await from.call("POST", `/api/v1/prompts/${prompt.id}/versions/1/restore`);
    expect(restored.body).toMatchObject({ version: 4, promptText: "Summarise the notes." });

    const file = await exportJson(from);
    const parsed = JSON.parse(file);
    expect(parsed.prompts[0]).toMatchObject({ version: 4, versionRestoredFrom: 1 });
    expect(parsed.versions.map((v: { number: number }) => v.number)).toEqual([1, 2, 3]);

    const to = await person();
    expect(await importJson(to, file)).toMatchObject({ added: 1 });
    const [copy] = await own(to);
    const before = await versionsOf(from, prompt.id);
    expect(before.versions.map((v) => [v.number, v.title, v.note, v.restoredFrom])).toEqual([
      [4, "Notes", null, 1],
      [3, "Decisions", null, null],
      [2, "Notes", "shorter", null],
      [1, "Notes", null, null],
    ]);
    expect(await versionsOf(to, copy?.id ?? "")).toEqual(before);
    expect(copy?.updatedAt).toBe(restored.body.updatedAt);

    // The imported history goes on from where it was.
    await edit(to, copy?.id ?? "", { promptText: "Summarise the notes in bullets." });
    const after = await versionsOf(to, copy?.id ?? "");
    expect(after.versions.map((v) => v.number)).toEqual([5, 4, 3, 2, 1]);
    expect(after.versions[1]?.createdAt).toBe(before.versions[0]?.createdAt);
  });

  it("links a saved copy to its original where the importer can see it, else says it was removed", async () => {
    const author = await person();
    const kept = await newPrompt(author, "Draft a cover letter.", true);
    const doomed = await newPrompt(author, "Plan a sprint.", true);
    const from = await person();
    for (const original of [kept, doomed]) {
      expect((await from.call("POST", `/api/v1/prompts/${original.id}/save`)).status).toBe(201);
    }
    await edit(author, kept.id, { promptText: "Draft a short cover letter." });
    const file = await exportJson(from);
    expect(JSON.parse(file).prompts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ savedFromId: kept.id, savedFromVersion: 1 }),
        expect.objectContaining({ savedFromId: doomed.id, savedFromVersion: 1 }),
      ]),
    );
    await author.call("DELETE", `/api/v1/prompts/${doomed.id}`);

    const to = await person();
    await importJson(to, file);
    const copies = await own(to);
    const copyOf = (text: string) => copies.find((p) => p.promptText === text);
    expect(copyOf("Draft a cover letter.")).toMatchObject({
      savedFromId: kept.id,
      upstream: "updated",
    });
    const upstream = (
      await to.call("GET", `/api/v1/prompts/${copyOf("Draft a cover letter.")?.id}/upstream`)
    ).body as Upstream;
    expect(upstream).toMatchObject({ fromVersion: 1, current: { number: 2 }, edited: false });
    expect(copyOf("Plan a sprint.")).toMatchObject({ savedFromId: null, upstream: "removed" });
    const saveCount = async () =>
      (await author.call("GET", `/api/v1/prompts/${kept.id}`)).body.saveCount;
    expect(await saveCount()).toBe(2);

    // A person keeps one copy of an original: an older state of theirs comes in as a prompt of
    // its own, and the original counts them once.
    await edit(to, copyOf("Draft a cover letter.")?.id ?? "", { promptText: "My letter." });
    expect(await importJson(to, file)).toMatchObject({ added: 1, alreadyInLibrary: 1 });
    const again = (await own(to)).find((p) => p.promptText === "Draft a cover letter.");
    expect(again).toMatchObject({ savedFromId: null, upstream: null });
    expect(await saveCount()).toBe(2);
  });

  it("keeps a copy of someone's personal prompt as one whose original was removed", async () => {
    const stranger = await person();
    const hidden = await newPrompt(stranger, "Private to its owner.");
    const to = await person();
    const file = JSON.stringify({
      format: libraryFormat,
      prompts: [{ promptText: "My copy", savedFromId: hidden.id, savedFromVersion: 1 }],
    });
    await importJson(to, file);
    const [row] = await database.db.select().from(prompts).where(eq(prompts.userId, to.user.id));
    expect(row).toMatchObject({ sourcePromptId: null, sourceVersion: 1 });
    expect((await stranger.call("GET", `/api/v1/prompts/${hidden.id}`)).body.saveCount).toBe(0);
  });

  it("CSV and Markdown carry the current text only", async () => {
    const me = await person();
    const prompt = await newPrompt(me, "The first words.");
    await edit(me, prompt.id, { promptText: "The last words." });
    for (const format of ["csv", "markdown"]) {
      const exported = (await me.call("GET", `/api/v1/export?format=${format}`)).text;
      expect(exported).toContain("The last words.");
      expect(exported).not.toContain("The first words.");
    }
  });
});

describe("a malformed history is refused, naming the entry, and nothing is imported", () => {
  const version = (overrides: Record<string, unknown> = {}) => ({
    promptId: "b",
    number: 1,
    title: "Notes",
    category: "Notes",
    promptText: "Then",
    note: null,
    restoredFrom: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  });
  const file = (versions: unknown[], current: Record<string, unknown> = {}) =>
    JSON.stringify({
      format: libraryFormat,
      prompts: [
        { id: "a", promptText: "Fine on its own" },
        { id: "b", promptText: "Now", version: 3, ...current },
      ],
      versions,
    });

  it.each([
    [
      "a version not earlier than the current one",
      file([version({ number: 3 })]),
      "Prompt 2, version 3: it is not earlier than the current version, 3",
    ],
    ["a version numbered 0", file([version({ number: 0 })]), "Version entry 1: number"],
    ["a fractional version number", file([version({ number: 1.5 })]), "Version entry 1: number"],
    ["a version number given as text", file([version({ number: "1" })]), "Version entry 1: number"],
    ["a version twice", file([version(), version()]), "Prompt 2, version 1: it appears twice"],
    [
      "a note too long",
      file([version({ note: "n".repeat(201) })]),
      "Prompt 2, version 1: the note: Keep the note to 200 characters",
    ],
    [
      "a current note too long",
      file([], { versionNote: "n".repeat(201) }),
      "Prompt 2: the note: Keep the note to 200 characters",
    ],
    [
      "a text too long",
      file([version({ promptText: "x".repeat(promptTextMaxLength + 1) })]),
      "Prompt 2, version 1: the prompt is longer than 200,000 characters",
    ],
    [
      "an empty text",
      file([version({ promptText: " " })]),
      "Prompt 2, version 1: the prompt is empty",
    ],
    [
      "a NUL in a text",
      file([version({ promptText: "a\u0000b" })]),
      "Prompt 2, version 1: the prompt must not contain NUL characters",
    ],
    [
      "a broken surrogate in a use case",
      file([version({ category: "\ud800" })]),
      "Prompt 2, version 1: the use case must be valid Unicode text",
    ],
    [
      "a restore of a later version",
      file([version({ number: 2, restoredFrom: 2 })]),
      "Prompt 2, version 2: it restores version 2, which is not an earlier one",
    ],
    [
      "a version without a date",
      file([version({ createdAt: "soon" })]),
      'Prompt 2, version 1: "soon" is not a date',
    ],
    [
      "a version of a prompt not in the file",
      file([version({ promptId: "c" })]),
      'Version entry 1: its prompt "c" is not in the file',
    ],
    [
      "two prompts with one id, which versions name them by",
      JSON.stringify({
        format: libraryFormat,
        prompts: [
          { id: "a", promptText: "One" },
          { id: "a", promptText: "Two" },
        ],
      }),
      "Prompt 2: its id is prompt 1's too",
    ],
    [
      "more versions than a prompt keeps",
      file(
        Array.from({ length: versionLimit }, (_, i) => version({ number: i + 1 })),
        { version: versionLimit + 1 },
      ),
      `Prompt 2: it has ${versionLimit + 1} versions, and a prompt keeps at most ${versionLimit}`,
    ],
  ])("%s", async (_case, body, where) => {
    const me = await person();
    for (const path of ["/api/v1/import?dryRun=1", "/api/v1/import"]) {
      const refused = await me.upload(path, body);
      expect(refused.status).toBe(400);
      const message: string = refused.body.error.message;
      expect(message.startsWith(where), message).toBe(true);
      expect(message.endsWith(". Nothing was imported."), message).toBe(true);
    }
    expect(await database.db.select().from(prompts).where(eq(prompts.userId, me.user.id))).toEqual(
      [],
    );
  });

  it("but the same prompt with its history in order is imported whole", async () => {
    const me = await person();
    await importJson(me, file([version({ number: 2, restoredFrom: 1 }), version()]));
    const [row] = await database.db
      .select()
      .from(prompts)
      .where(and(eq(prompts.userId, me.user.id), eq(prompts.promptText, "Now")));
    expect(row?.version).toBe(3);
    const numbers = await database.db
      .select({ number: promptVersions.number, restoredFrom: promptVersions.restoredFrom })
      .from(promptVersions)
      .where(eq(promptVersions.promptId, row?.id ?? ""))
      .orderBy(promptVersions.number);
    expect(numbers).toEqual([
      { number: 1, restoredFrom: null },
      { number: 2, restoredFrom: 1 },
    ]);
  });
});
