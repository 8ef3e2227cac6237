import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type CollectionDetail,
  type CollectionSummary,
  collectionDescriptionMaxLength,
  collectionsPerPerson,
  collectionTitleMaxLength,
  itemNoteMaxLength,
  itemsPerCollection,
} from "../../shared/collection.ts";
import { promptPath } from "../../shared/public-address.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collections, prompts } from "../db/schema.ts";
import { libraryFormat } from "./export-library.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
const person = () => apiPerson(database.db, app);

async function sharedPrompt(me: Person, useCase: string, promptText: string) {
  const res = await me.call("POST", "/api/v1/prompts", { useCase, promptText, shared: true });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string };
}

async function newCollection(me: Person, json: object) {
  const res = await me.call("POST", "/api/v1/collections", json);
  expect(res.status).toBe(201);
  return res.body as CollectionSummary;
}

async function addItem(me: Person, collectionId: string, promptId: string, note: string) {
  const res = await me.call("POST", `/api/v1/collections/${collectionId}/items`, {
    promptId,
    note,
  });
  expect(res.status).toBe(201);
}

/** A person's collections, oldest first, each as its owner reads it. */
async function collectionsOf(me: Person) {
  const list: CollectionSummary[] = (await me.call("GET", "/api/v1/collections")).body;
  const details: CollectionDetail[] = [];
  for (const { id } of list.reverse()) {
    details.push((await me.call("GET", `/api/v1/collections/${id}`)).body);
  }
  return details;
}

/** What a collection is, whoever owns it and whatever its prompts' ids. */
const shape = (detail: CollectionDetail) => ({
  title: detail.title,
  description: detail.description,
  isPublic: detail.isPublic,
  createdAt: detail.createdAt,
  items: detail.items.map((item) => ({
    title: item.prompt.title,
    text: item.prompt.promptText,
    note: item.note,
  })),
});

/** The prompts a collection holds as stored, hidden ones too, in order. */
async function storedItems(collectionId: string) {
  return database.db
    .select({ promptId: collectionItems.promptId, note: collectionItems.note })
    .from(collectionItems)
    .where(eq(collectionItems.collectionId, collectionId))
    .orderBy(asc(collectionItems.position));
}

async function ownCounts(userId: string) {
  const mine = async (table: typeof prompts | typeof collections) =>
    (await database.db.select().from(table).where(eq(table.userId, userId))).length;
  return { prompts: await mine(prompts), collections: await mine(collections) };
}

describe("a JSON export's collections", () => {
  it("come back in another account: the same collections, items in order, notes", async () => {
    const author = await person();
    const friend = await person();
    const theirs = await createPrompt(database.db, {
      userId: friend.user.id,
      isShared: true,
      title: "Code reviewer",
      category: "Code reviewer",
      promptText: "Review this diff for bugs and unclear names.",
    });
    const withdrawn = await createPrompt(database.db, {
      userId: friend.user.id,
      isShared: true,
      title: "Holiday plans",
      category: "Holiday plans",
      promptText: "Plan the surprise party on the island.",
    });
    const summary = await sharedPrompt(author, "Summariser", "Summarise this in three points.");
    const titles = await sharedPrompt(author, "Title ideas", "Suggest five titles for this post.");
    await author.call("POST", "/api/v1/prompts", { promptText: "Only mine", shared: false });

    const kit = await newCollection(author, {
      title: "Writing kit",
      description: "What I reach for when I write",
      isPublic: true,
    });
    await addItem(author, kit.id, titles.id, "Start here");
    await addItem(author, kit.id, theirs.id, "A friend's, and a good one");
    await addItem(author, kit.id, summary.id, "");
    await addItem(author, kit.id, withdrawn.id, "Was shared once");
    const moved = await author.call("PATCH", `/api/v1/collections/${kit.id}/items/${summary.id}`, {
      position: 0,
    });
    expect(moved.status).toBe(200);
    await newCollection(author, { title: "Later" });
    // The friend withdraws a prompt: it is theirs alone again, and the export says nothing of it.
    await database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, withdrawn.id));

    const exported = await author.call("GET", "/api/v1/export?format=json");
    expect(exported.status).toBe(200);
    const item = (prompt: { id: string; title: string }, note: string) => ({
      promptId: prompt.id,
      title: prompt.title,
      category: prompt.title,
      path: promptPath(prompt),
      note,
    });
    expect(JSON.parse(exported.text).collections).toEqual([
      {
        title: "Writing kit",
        description: "What I reach for when I write",
        isPublic: true,
        createdAt: kit.createdAt,
        updatedAt: expect.any(String),
        items: [
          item(summary, ""),
          item(titles, "Start here"),
          item(theirs, "A friend's, and a good one"),
        ],
      },
      {
        title: "Later",
        description: "",
        isPublic: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        items: [],
      },
    ]);
    for (const secret of [withdrawn.id, "Holiday plans", "surprise party", "Was shared once"]) {
      expect(exported.text).not.toContain(secret);
    }

    const reader = await person();
    const preview = await reader.upload("/api/v1/import?dryRun=1", exported.text);
    expect(preview.body).toMatchObject({
      added: 3,
      newCollections: 2,
      collectionsInLibrary: 0,
      collectionItemsSkipped: 0,
      dryRun: true,
    });
    expect(await ownCounts(reader.user.id)).toEqual({ prompts: 0, collections: 0 });

    const imported = await reader.upload("/api/v1/import", exported.text);
    expect(imported).toMatchObject({
      status: 201,
      body: { added: 3, newCollections: 2, collectionsInLibrary: 0, collectionItemsSkipped: 0 },
    });
    const before = await collectionsOf(author);
    const after = await collectionsOf(reader);
    expect(after.map(shape)).toEqual(before.map(shape));
    // The author's prompts are the reader's own copies now; the friend's is the friend's.
    const [copiedKit] = after;
    const owners = await Promise.all(
      (copiedKit?.items ?? []).map(async ({ prompt }) => {
        const [row] = await database.db
          .select({ userId: prompts.userId })
          .from(prompts)
          .where(eq(prompts.id, prompt.id));
        return row?.userId;
      }),
    );
    expect(owners).toEqual([reader.user.id, reader.user.id, friend.user.id]);
    expect(copiedKit?.items[2]?.prompt.id).toBe(theirs.id);

    // Imported again, the collections are there already: skipped and counted, as prompts are.
    const again = await reader.upload("/api/v1/import", exported.text);
    expect(again.body).toMatchObject({
      added: 0,
      alreadyInLibrary: 3,
      newCollections: 0,
      collectionsInLibrary: 2,
    });
    expect(await ownCounts(reader.user.id)).toEqual({ prompts: 3, collections: 2 });
  });

  it("skips and counts items whose prompt is private, personal, repeated or nowhere", async () => {
    const friend = await person();
    const diary = await createPrompt(database.db, {
      userId: friend.user.id,
      isShared: false,
      title: "Diary",
      promptText: "Dear diary, today I told nobody.",
    });
    const friendShared = await createPrompt(database.db, {
      userId: friend.user.id,
      isShared: true,
      promptText: "Explain this error message simply.",
    });
    const me = await person();
    // The file's first prompt is in my library already: its items are that prompt.
    const kept = await sharedPrompt(me, "Mine", "Mine, and shared");
    const file = JSON.stringify({
      format: libraryFormat,
      prompts: [
        { id: "p1", promptText: "Mine, and shared", category: "Mine", shared: true },
        { id: "p2", promptText: "Mine, and personal", category: "Mine too", shared: false },
      ],
      collections: [
        {
          title: "Mixed",
          items: [
            { promptId: diary.id, note: "someone's private prompt" },
            { promptId: "p1", note: "one" },
            { promptId: "p2", note: "a personal prompt" },
            { promptId: randomUUID(), note: "no such prompt" },
            { promptId: "not-an-id", note: "not an id" },
            { promptId: friendShared.id, note: "a friend's" },
            { promptId: "p1", note: "one again" },
          ],
        },
      ],
    });
    const expected = {
      added: 1,
      alreadyInLibrary: 1,
      newCollections: 1,
      collectionItemsSkipped: 5,
    };
    expect((await me.upload("/api/v1/import?dryRun=1", file)).body).toMatchObject(expected);
    const imported = await me.upload("/api/v1/import", file);
    expect(imported).toMatchObject({ status: 201, body: expected });

    const [mixed] = await collectionsOf(me);
    expect(mixed?.items.map((item) => [item.prompt.id, item.note])).toEqual([
      [kept.id, "one"],
      [friendShared.id, "a friend's"],
    ]);
    // Not even a hidden item points at the private or personal prompts.
    expect(await storedItems(mixed?.id ?? "")).toEqual([
      { promptId: kept.id, note: "one" },
      { promptId: friendShared.id, note: "a friend's" },
    ]);
  });
});

describe("collections an import refuses", () => {
  const fileWith = (collectionList: unknown) =>
    JSON.stringify({
      format: libraryFormat,
      prompts: [{ id: "p1", promptText: "A prompt to keep company", shared: true }],
      collections: collectionList,
    });
  const titled = (count: number) =>
    Array.from({ length: count }, (_, n) => ({ title: `Collection ${n + 1}` }));

  it(`takes ${collectionsPerPerson} collections in a file and refuses one more`, async () => {
    const me = await person();
    const refused = await me.upload("/api/v1/import", fileWith(titled(collectionsPerPerson + 1)));
    expect(refused).toMatchObject({
      status: 413,
      body: {
        error: {
          code: "payload_too_large",
          detail: "collection_limit",
          message: `The file: it holds more than ${collectionsPerPerson} collections, the most a person keeps. Nothing was imported.`,
        },
      },
    });
    expect(await ownCounts(me.user.id)).toEqual({ prompts: 0, collections: 0 });
    const taken = await me.upload("/api/v1/import", fileWith(titled(collectionsPerPerson)));
    expect(taken.body).toMatchObject({ added: 1, newCollections: collectionsPerPerson });
  });

  it("refuses collections past what a person keeps, counting the ones they have", async () => {
    const me = await person();
    await database.db.insert(collections).values(
      Array.from({ length: collectionsPerPerson - 1 }, (_, n) => ({
        userId: me.user.id,
        title: `Mine ${n}`,
      })),
    );
    const refused = await me.upload("/api/v1/import?dryRun=1", fileWith(titled(2)));
    expect(refused).toMatchObject({
      status: 413,
      body: {
        error: {
          detail: "collection_limit",
          message: `You can have at most ${collectionsPerPerson} collections`,
        },
      },
    });
    expect((await me.upload("/api/v1/import", fileWith(titled(2)))).status).toBe(413);
    expect(await ownCounts(me.user.id)).toEqual({
      prompts: 0,
      collections: collectionsPerPerson - 1,
    });
    expect((await me.upload("/api/v1/import", fileWith(titled(1)))).status).toBe(201);
  });

  it(`takes ${itemsPerCollection} items in a collection and refuses one more`, async () => {
    const me = await person();
    const file = (count: number) =>
      JSON.stringify({
        format: libraryFormat,
        prompts: Array.from({ length: count }, (_, n) => ({
          id: `p${n}`,
          promptText: `Write a short poem about the number ${n}.`,
          shared: true,
        })),
        collections: [
          {
            title: "Poems",
            items: Array.from({ length: count }, (_, n) => ({ promptId: `p${n}` })),
          },
        ],
      });
    const refused = await me.upload("/api/v1/import", file(itemsPerCollection + 1));
    expect(refused).toMatchObject({
      status: 413,
      body: {
        error: {
          detail: "collection_full",
          message: `Collection 1: it holds more than ${itemsPerCollection} prompts, the most a collection holds. Nothing was imported.`,
        },
      },
    });
    expect(await ownCounts(me.user.id)).toEqual({ prompts: 0, collections: 0 });
    const taken = await me.upload("/api/v1/import", file(itemsPerCollection));
    expect(taken.body).toMatchObject({ newCollections: 1, collectionItemsSkipped: 0 });
    const [poems] = await collectionsOf(me);
    expect(poems?.items).toHaveLength(itemsPerCollection);
  });

  it.each([
    ["a list that is not one", { title: "x" }, 'The file: "collections" must be a list'],
    ["an entry that is not an object", ["Reading"], "Collection 1: entry "],
    ["no title", [{ description: "untitled" }], "Collection 1: title "],
    ["a blank title", [{ title: "   " }], "Collection 1: title Collections need a title"],
    [
      "a title one character too long",
      [{ title: "ok" }, { title: "t".repeat(collectionTitleMaxLength + 1) }],
      `Collection 2: title Titles are at most ${collectionTitleMaxLength} characters`,
    ],
    ["a title that is a number", [{ title: 42 }], "Collection 1: title "],
    ["a NUL in a title", [{ title: "a\u0000b" }], "Collection 1: title must not contain NUL"],
    [
      "a description one character too long",
      [{ title: "ok", description: "d".repeat(collectionDescriptionMaxLength + 1) }],
      `Collection 1: description Descriptions are at most ${collectionDescriptionMaxLength} characters`,
    ],
    ["public as text", [{ title: "ok", isPublic: "yes" }], "Collection 1: isPublic "],
    ["items that are not a list", [{ title: "ok", items: "p1" }], "Collection 1: items "],
    [
      "a note one character too long",
      [{ title: "ok", items: [{ promptId: "p1", note: "n".repeat(itemNoteMaxLength + 1) }] }],
      `Collection 1: items.0.note Notes are at most ${itemNoteMaxLength} characters`,
    ],
    ["an item with no prompt", [{ title: "ok", items: [{ note: "?" }] }], "Collection 1: items.0"],
    [
      "a date that is not one",
      [{ title: "ok", createdAt: "last Tuesday" }],
      'Collection 1: "last Tuesday" is not a date',
    ],
  ])("refuses %s, naming where, and imports nothing", async (_case, list, message) => {
    const me = await person();
    await newCollection(me, { title: "Already mine" });
    const refused = await me.upload("/api/v1/import", fileWith(list));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain(message);
    expect(refused.body.error.message).toMatch(/Nothing was imported\.$/);
    expect(await ownCounts(me.user.id)).toEqual({ prompts: 0, collections: 1 });
  });
});

describe("an export from before collections", () => {
  it("imports as it always did", async () => {
    const me = await person();
    await newCollection(me, { title: "Already mine" });
    const file = [
      `{"format":"${libraryFormat}","version":1,"exportedAt":"2025-01-02T03:04:05.000Z",`,
      `"account":{"email":"old@example.com","name":"Old"},"folders":[],"favourites":[],"prompts":[`,
      '{"id":"00000000-0000-4000-8000-000000000001","title":"Old one","promptText":"Written long ago",',
      '"category":"Old one","shared":false,"folderId":null,"tags":["old"],"favourite":false,',
      '"copyCount":0,"savedFromId":null,"savedFromVersion":null,"version":1,"versionNote":null,',
      '"versionRestoredFrom":null,"createdAt":"2024-05-06T07:08:09.000Z","updatedAt":"2024-05-06T07:08:09.000Z"}',
      '\n],"versions":[\n]}\n',
    ].join("");
    const imported = await me.upload("/api/v1/import", file);
    expect(imported).toMatchObject({
      status: 201,
      body: {
        format: "PromptShelf JSON",
        inFile: 1,
        added: 1,
        duplicates: 0,
        newCollections: 0,
        collectionsInLibrary: 0,
        collectionItemsSkipped: 0,
      },
    });
    expect(await ownCounts(me.user.id)).toEqual({ prompts: 1, collections: 1 });
  });
});
