import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { viewerFor } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import {
  createTestDatabase,
  defaultConnectionSettings,
} from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { folders, importRuns, prompts, tags } from "../db/schema.ts";
import { libraryFormat } from "./export-library.ts";
import { applyImport } from "./import-library.ts";
import { undoStaleImportRuns } from "./import-runs.ts";
import { parseImport } from "./parse-import.ts";

// Small limits, so each can be met and passed by one in a test. They are what the server's
// configuration sets on every connection (connection-settings.ts) and hands the import.
const limits = { promptsPerImport: 300, folderDepth: 32 };
let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  {
    settings: {
      ...defaultConnectionSettings(),
      "promptshelf.prompts_per_person": "400",
      "promptshelf.library_bytes_per_person": "200000",
      "promptshelf.folders_per_person": "40",
      "promptshelf.tags_per_person": "500",
    },
    env: { IMPORT_PROMPT_LIMIT: String(limits.promptsPerImport) },
  },
);

const person = () => apiPerson(database.db, app);
async function ownRows(userId: string) {
  const count = async (table: typeof prompts | typeof folders | typeof tags) =>
    (await database.db.select().from(table).where(eq(table.userId, userId))).length;
  return { prompts: await count(prompts), folders: await count(folders), tags: await count(tags) };
}

const csv = (rows: string[][]) =>
  `act,prompt,category,tags,folder,created_at\n${rows.map((row) => row.join(",")).join("\n")}\n`;
const folderChain = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `f${i}`).join(" / ");

describe("folder depth", () => {
  it.each([
    ["33 levels", 33],
    ["40,000 levels (349 KB in one cell)", 40_000],
  ])("refuses a CSV folder path of %s, naming the line", async (_name, levels) => {
    const me = await person();
    const file = csv([
      ["A", "fine", "", "", "", ""],
      ["B", "deep", "", "", folderChain(levels), ""],
    ]);
    const result = await me.upload("/api/v1/import", file);
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe(
      `Line 3: its folder is ${levels} levels deep, and folders can be nested at most 32 levels deep. Nothing was imported.`,
    );
    expect(await ownRows(me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
  });

  it("refuses a JSON folder chain past the limit, or a loop, naming the prompt", async () => {
    const me = await person();
    const chain = Array.from({ length: 40_000 }, (_, i) => ({
      id: `f${i}`,
      name: `f${i}`,
      parentId: i === 0 ? null : `f${i - 1}`,
    }));
    const loop = [
      { id: "a", name: "a", parentId: "b" },
      { id: "b", name: "b", parentId: "a" },
    ];
    for (const [folderList, folderId] of [
      [chain, "f39999"],
      [loop, "a"],
    ] as const) {
      const file = JSON.stringify({
        format: libraryFormat,
        folders: folderList,
        prompts: [{ promptText: "deep", folderId }],
      });
      const result = await me.upload("/api/v1/import", file);
      expect(result.status).toBe(400);
      expect(result.body.error.message).toMatch(/^Prompt 1: its folder is 33 levels deep/);
    }
    expect(await ownRows(me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
  });

  it("takes a path of exactly the limit, and exports it again in one piece", async () => {
    const me = await person();
    const file = csv([["Deep", "at the bottom", "", "", folderChain(32), ""]]);
    expect((await me.upload("/api/v1/import", file)).status).toBe(201);
    expect((await ownRows(me.user.id)).folders).toBe(32);
    const exported = await me.call("GET", "/api/v1/export?format=csv");
    expect(exported.text).toContain(folderChain(32));
    // One level more, through the API, is refused by the database's own rule.
    const deepest = (await me.call("GET", "/api/v1/folders")).body.find(
      (folder: { name: string }) => folder.name === "f31",
    );
    const below = await me.call("POST", "/api/v1/folders", { name: "f32", parentId: deepest.id });
    expect(below.status).toBe(400);
    expect(below.body.error.message).toBe("Folders can be nested at most 32 levels deep");
  });
});

describe("how much one import and one library may hold", () => {
  it("refuses a file of more prompts than one import takes, before reading on", async () => {
    const me = await person();
    const rows = Array.from({ length: limits.promptsPerImport + 1 }, (_, i) => [
      `A${i}`,
      `text ${i}`,
      "",
      "",
      "",
      "",
    ]);
    const result = await me.upload("/api/v1/import", csv(rows));
    expect(result.status).toBe(413);
    expect(result.body.error.message).toBe(
      "The file: it holds more than 300 prompts, the most one import takes. Nothing was imported.",
    );
    expect((await ownRows(me.user.id)).prompts).toBe(0);
  });

  it("refuses an import that would fill the library past its limits, dry run or not", async () => {
    const me = await person();
    const many = (count: number, from = 0) =>
      csv(
        Array.from({ length: count }, (_, i) => [
          `A${from + i}`,
          `text ${from + i}`,
          "",
          "",
          "",
          "",
        ]),
      );
    expect((await me.upload("/api/v1/import", many(250))).status).toBe(201);
    for (const path of ["/api/v1/import?dryRun=1", "/api/v1/import"]) {
      const result = await me.upload(path, many(151, 250));
      expect(result.status).toBe(413);
      expect(result.body.error.message).toBe("Your library is full: it holds at most 400 prompts");
    }
    expect((await ownRows(me.user.id)).prompts).toBe(250);
    // The bytes of text count too.
    const other = await person();
    const big = csv([
      ["Big", `"${"x".repeat(199_990)}"`, "", "", "", ""],
      ["Two", "y".repeat(20), "", "", "", ""],
    ]);
    const result = await other.upload("/api/v1/import", big);
    expect(result.status).toBe(413);
    expect(result.body.error.message).toMatch(/^Your library is full: its prompts hold at most/);
    expect((await ownRows(other.user.id)).prompts).toBe(0);
  });

  it("refuses more folders or tags than a library may have, and writes hundreds of tags", async () => {
    const me = await person();
    const folderRows = Array.from({ length: 41 }, (_, i) => [
      `A${i}`,
      `t${i}`,
      "",
      "",
      `F${i}`,
      "",
    ]);
    const tooManyFolders = await me.upload("/api/v1/import", csv(folderRows));
    expect(tooManyFolders.status).toBe(413);
    expect(tooManyFolders.body.error.message).toBe("You can have at most 40 folders");
    // Each prompt with 20 tags of its own: 6,000 new tags (34,000 once broke the query builder).
    const tagged = (count: number) =>
      JSON.stringify({
        format: libraryFormat,
        prompts: Array.from({ length: count }, (_, i) => ({
          promptText: `tagged ${i}`,
          tags: Array.from({ length: 20 }, (_, t) => `tag-${i}-${t}`),
        })),
      });
    const tooManyTags = await me.upload("/api/v1/import", tagged(300));
    expect(tooManyTags.status).toBe(413);
    expect(tooManyTags.body.error.message).toBe("You can have at most 500 tags");
    expect(await ownRows(me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
    expect((await me.upload("/api/v1/import", tagged(25))).status).toBe(201);
    expect(await ownRows(me.user.id)).toEqual({ prompts: 25, folders: 0, tags: 500 });
  });

  it("refuses 70,000 stars in one file, and looks up thousands of stars in batches", async () => {
    const me = await person();
    const stars = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        promptId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      }));
    const file = (count: number) =>
      JSON.stringify({
        format: libraryFormat,
        favourites: stars(count),
        prompts: [{ promptText: "x" }],
      });
    const refused = await me.upload("/api/v1/import", file(70_000));
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toMatch(/more than 300 stars/);
    expect((await me.upload("/api/v1/import", file(300))).status).toBe(201);
  });
});

describe("hostile values", () => {
  it.each([
    ["year 0", "0000-01-01T00:00:00Z"],
    ["a year BC", "-000001-01-01T00:00:00Z"],
    ["the last day JavaScript holds", "+275760-09-13T00:00:00Z"],
    ["the first day JavaScript holds", "-271821-04-20T00:00:00Z"],
    ["before 1970", "1969-12-31T23:59:59Z"],
  ])("refuses a date of %s in CSV and JSON, naming where", async (_name, date) => {
    const me = await person();
    const fromCsv = await me.upload("/api/v1/import", csv([["A", "dated", "", "", "", date]]));
    expect(fromCsv.status).toBe(400);
    expect(fromCsv.body.error.message).toMatch(/^Line 2: ".*" is (before 1970|not a date)/);
    const fromJson = await me.upload(
      "/api/v1/import",
      JSON.stringify({
        format: libraryFormat,
        prompts: [{ promptText: "dated", createdAt: date }],
      }),
    );
    expect(fromJson.status).toBe(400);
    expect(fromJson.body.error.message).toMatch(/^Prompt 1: ".*" is (before 1970|not a date)/);
    expect((await ownRows(me.user.id)).prompts).toBe(0);
  });

  it("refuses a use case that, kept at the top of the text, takes it past the prompt limit", async () => {
    const prompt = (useCase: number, text: number) =>
      JSON.stringify({
        format: libraryFormat,
        prompts: [{ category: "u".repeat(useCase), promptText: "t".repeat(text) }],
      });
    const limits = { promptsPerImport: 10, folderDepth: 32, versionsPerPrompt: 10 };
    const fits = await parseImport(prompt(100_000, 200_000 - 100_002), limits);
    expect(fits.prompts[0]?.promptText).toHaveLength(200_000);
    await expect(parseImport(prompt(100_000, 200_000 - 100_001), limits)).rejects.toThrow(
      "Prompt 1: the prompt, with its use case kept at its top, is longer than 200,000 characters. Nothing was imported.",
    );
  });

  it("refuses deeply nested JSON where the nesting starts, without running out of stack", async () => {
    const me = await person();
    for (const nested of [
      `{"format":"${libraryFormat}",\n"prompts":[${"[".repeat(200_000)}`,
      `{"format":"${libraryFormat}",\n"prompts":[${"[".repeat(100_000)}${"]".repeat(100_000)}]}`,
      `{"format":"${libraryFormat}",\n"prompts":[{"promptText":"x","tags":${'{"a":'.repeat(70_000)}`,
    ]) {
      const result = await me.upload("/api/v1/import", nested);
      expect(result.status).toBe(400);
      expect(result.body.error.message).toBe(
        "Line 2: not valid JSON (nested more than 64 levels deep). Nothing was imported.",
      );
    }
  });

  it("refuses a key with a bad escape or a raw control character as invalid JSON", async () => {
    const me = await person();
    for (const key of ['"\\q"', '"a\u0001b"', '"\\u12"']) {
      const result = await me.upload("/api/v1/import", `{${key}:1,\n"prompts":[]}`);
      expect(result.status).toBe(400);
      expect(result.body.error.message).toMatch(/^Line 1: not valid JSON/);
    }
  });

  it("refuses a blank folder name in CSV as the API does", async () => {
    const me = await person();
    const result = await me.upload(
      "/api/v1/import",
      csv([["A", "x", "", "", "Work /   / Clients", ""]]),
    );
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe(
      "Line 2: the folder name: Folder names cannot be empty. Nothing was imported.",
    );
  });

  it("names the line a refused row is on, past blank lines and quoted line breaks", async () => {
    const me = await person();
    const file = `act,prompt,category,tags,folder,created_at\n\nA,"two\nlines",,,,\n\n\nB,x,,,"Work /  / Clients",\n`;
    const result = await me.upload("/api/v1/import", file);
    expect(result.status).toBe(400);
    expect(result.body.error.message).toMatch(/^Line 7: the folder name/);
  });
});

describe("an import written in short transactions", () => {
  // Room for imports of many batches.
  let roomy: DatabaseHandle;
  let roomyApp: TestApp;
  const many = { promptsPerImport: 2_000, folderDepth: 32, versionsPerPrompt: 1_000 };
  beforeAll(async () => {
    roomy = await createTestDatabase();
    roomyApp = await createTestApp({ db: roomy.db });
  });
  afterAll(() => roomy.close());

  const file = (count: number) =>
    csv(
      Array.from({ length: count }, (_, i) => [
        `A${i}`,
        `"${`text ${i} `.repeat(60)}"`,
        "",
        "tag-a; tag-b",
        `Work / F${i % 3}`,
        "",
      ]),
    );
  const rowsOf = async (userId: string) => ({
    prompts: (await roomy.db.select().from(prompts).where(eq(prompts.userId, userId))).length,
    folders: (await roomy.db.select().from(folders).where(eq(folders.userId, userId))).length,
    tags: (await roomy.db.select().from(tags).where(eq(tags.userId, userId))).length,
  });
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  /** What a crash part way leaves: the library's rows carrying a run that is still open. */
  const leaveRunning = async (userId: string) => {
    const [run] = await roomy.db.insert(importRuns).values({ userId }).returning();
    for (const table of [prompts, folders, tags]) {
      await roomy.db.update(table).set({ importRunId: run?.id }).where(eq(table.userId, userId));
    }
  };
  /** The run's process is gone: its heartbeat stopped three minutes ago. */
  const stopBeating = (userId: string) =>
    roomy.db.execute(
      sql`update ${importRuns} set heartbeat_at = now() - interval '3 minutes' where user_id = ${userId}`,
    );

  it("answers other people while a large import is written", async () => {
    const me = await apiPerson(roomy.db, roomyApp);
    const reader = await apiPerson(roomy.db, roomyApp);
    let done = false;
    const importing = me.upload("/api/v1/import", file(1_500)).then((result) => {
      done = true;
      return result;
    });
    // Someone else's list is answered while part of the import is in and the rest is not. Once
    // it has been, the import goes on alone: reads between all its batches made it take minutes
    // on a loaded machine.
    let answeredMidway = false;
    while (!done && !answeredMidway) {
      // Requests reach a server between turns of its event loop; so do these.
      await nextTurn();
      expect((await reader.call("GET", "/api/v1/prompts?scope=personal")).status).toBe(200);
      const written = (await rowsOf(me.user.id)).prompts;
      if (written > 0 && written < 1_500 && !done) answeredMidway = true;
    }
    expect(answeredMidway).toBe(true);
    expect((await importing).status).toBe(201);
    expect(await rowsOf(me.user.id)).toEqual({ prompts: 1_500, folders: 4, tags: 2 });
    // The library is read back a batch at a time to find what it holds already.
    const again = await me.upload("/api/v1/import?dryRun=1", file(1_500));
    expect(again.body).toMatchObject({ added: 0, duplicates: 1_500 });
  });

  it("deletes everything it wrote when it fails part way", async () => {
    const me = await apiPerson(roomy.db, roomyApp);
    const parsed = await parseImport(file(1_500), many);
    const importing = applyImport({
      db: roomy.db,
      viewer: viewerFor(me.user),
      parsed,
      dryRun: false,
    });
    // Once a first batch is in, end the run from outside, as the undoing of a dead run would.
    const written = and(eq(prompts.userId, me.user.id), isNotNull(prompts.importRunId));
    while ((await roomy.db.select().from(prompts).where(written)).length === 0) await nextTurn();
    await roomy.db.delete(importRuns).where(eq(importRuns.userId, me.user.id));
    await expect(importing).rejects.toThrow("the import was ended before it finished");
    expect(await rowsOf(me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
  });

  it("undoes an import whose process died, and refuses a second one while one runs", async () => {
    const me = await apiPerson(roomy.db, roomyApp);
    expect((await me.upload("/api/v1/import", file(3))).status).toBe(201);
    await leaveRunning(me.user.id);
    const busy = await me.upload("/api/v1/import", file(1));
    expect(busy.status).toBe(429);
    expect(busy.body.error.message).toMatch(/already running/);
    expect(await undoStaleImportRuns(roomy.db)).toBe(0);
    await stopBeating(me.user.id);
    expect(await undoStaleImportRuns(roomy.db)).toBe(1);
    expect(await rowsOf(me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
    expect((await me.upload("/api/v1/import", file(1))).status).toBe(201);
  });

  it("keeps, when undone, the folders the person made inside the run's folders", async () => {
    const me = await apiPerson(roomy.db, roomyApp);
    expect((await me.upload("/api/v1/import", file(3))).status).toBe(201);
    await leaveRunning(me.user.id);
    // While the run goes on, the person files a prompt of their own in a folder of their own,
    // made inside one the run made.
    const [imported] = await roomy.db.select().from(folders).where(eq(folders.userId, me.user.id));
    const mine = await me.call("POST", "/api/v1/folders", { name: "Mine", parentId: imported?.id });
    expect(mine.status).toBe(201);
    const kept = await me.call("POST", "/api/v1/prompts", { promptText: "Keep me", shared: false });
    const filed = await me.call("PUT", `/api/v1/prompts/${kept.body.id}/folder`, {
      folderId: mine.body.id,
    });
    expect(filed.status).toBeLessThan(300);
    await stopBeating(me.user.id);
    expect(await undoStaleImportRuns(roomy.db, me.user.id)).toBe(1);
    const [prompt] = await roomy.db.select().from(prompts).where(eq(prompts.id, kept.body.id));
    expect(prompt?.folderId).toBe(mine.body.id);
    const left = await roomy.db.select().from(folders).where(eq(folders.userId, me.user.id));
    expect(left.map((folder) => folder.id).sort()).toEqual([mine.body.id, imported?.id].sort());
  });
});

describe("tag names in any script", () => {
  it("compare as the database compares them, in an import and a filter", async () => {
    const me = await person();
    // JavaScript lower-cases the last sigma of ΟΔΟΣ to ς and İ to i and a dot; the database
    // does as its collation says, and its unique index of lower(name) is the rule.
    const made = await me.call("POST", "/api/v1/prompts", {
      promptText: "Road trip",
      shared: false,
    });
    expect(made.status).toBe(201);
    const tagged = await me.call("POST", `/api/v1/prompts/${made.body.id}/tags`, { name: "ΟΔΟΣ" });
    expect(tagged.status).toBeLessThan(300);
    const names = ["οδοσ", "İstanbul", "ΟΔΟΣ", "İSTANBUL"];
    const file = JSON.stringify({
      format: libraryFormat,
      prompts: [
        { promptText: "Another road", tags: names.slice(0, 2) },
        { promptText: "A third road", tags: names.slice(2) },
      ],
    });
    const result = await me.upload("/api/v1/import", file);
    expect(result.status).toBe(201);
    const [distinct] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(distinct lower(name))::int as n from json_array_elements_text(${JSON.stringify(names)}::json) as name`,
      ),
    );
    const tagList: { name: string; promptCount: number }[] = (await me.call("GET", "/api/v1/tags"))
      .body;
    expect(tagList).toHaveLength(distinct?.n ?? -1);
    expect(tagList.reduce((sum, tag) => sum + tag.promptCount, 0)).toBe(5);
    for (const tag of tagList) {
      for (const asked of [tag.name, tag.name.toLowerCase(), tag.name.toUpperCase()]) {
        const found = await me.call(
          "GET",
          `/api/v1/prompts?scope=personal&tag=${encodeURIComponent(asked)}`,
        );
        const [same] = rowsOf<{ same: boolean }>(
          await database.db.execute(sql`select lower(${asked}) = lower(${tag.name}) as same`),
        );
        expect(found.body.items.length, asked).toBe(same?.same ? tag.promptCount : 0);
      }
    }
  });
});
