import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  collectionDescriptionMaxLength,
  collectionsPerPerson,
  collectionTitleMaxLength,
  itemNoteMaxLength,
  itemsPerCollection,
} from "../../shared/collection.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { realPrompts } from "../../tests/support/real-prompts.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { defaultConnectionSettings } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collections, prompts } from "../db/schema.ts";

const libraryLimit = 150;
let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  {
    settings: {
      ...defaultConnectionSettings(),
      "promptshelf.prompts_per_person": String(libraryLimit),
    },
  },
);

/** Real prompts from the seed file, shared by one person: what collections are made of. */
const real = realPrompts();
let sharer: Awaited<ReturnType<typeof apiPerson>>;
let shared: { id: string; title: string }[] = [];
beforeAll(async () => {
  sharer = await apiPerson(database.db, app);
  shared = [];
  for (const row of real.slice(100, 110)) {
    shared.push(
      await createPrompt(database.db, {
        userId: sharer.user.id,
        isShared: true,
        title: row.act.slice(0, 35),
        category: row.act.slice(0, 35),
        promptText: row.prompt,
      }),
    );
  }
});

const person = () => apiPerson(database.db, app);
const sharedPrompt = (index: number) => shared[index] as { id: string; title: string };

async function newCollection(me: Awaited<ReturnType<typeof person>>, json: object = {}) {
  const res = await me.call("POST", "/api/v1/collections", { title: "Interview prep", ...json });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string; path: string };
}

describe("creating and changing collections", () => {
  it("creates a private collection by default, trimmed, and lists it as the owner's", async () => {
    const me = await person();
    const created = await newCollection(me, { title: "  Writing helpers  " });
    expect(created).toMatchObject({
      title: "Writing helpers",
      description: "",
      isPublic: false,
      itemCount: 0,
      starCount: 0,
    });
    expect(created.path).toMatch(/^\/c\/[0-9A-Za-z]{11}-writing-helpers$/);
    const list = await me.call("GET", "/api/v1/collections");
    expect(list.body.map((each: { id: string }) => each.id)).toEqual([created.id]);
    // Someone else's list never holds it.
    expect((await (await person()).call("GET", "/api/v1/collections")).body).toEqual([]);
  });

  it("takes titles and descriptions up to their limits and refuses one character more", async () => {
    const me = await person();
    const longest = {
      title: "t".repeat(collectionTitleMaxLength),
      description: "d".repeat(collectionDescriptionMaxLength),
    };
    expect((await me.call("POST", "/api/v1/collections", longest)).status).toBe(201);
    for (const json of [
      { title: "t".repeat(collectionTitleMaxLength + 1) },
      { title: "ok", description: "d".repeat(collectionDescriptionMaxLength + 1) },
      { title: "   " },
      { title: "nul\u0000" },
      { title: 42 },
    ]) {
      const res = await me.call("POST", "/api/v1/collections", json);
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
    }
    const body = await app.request("/api/v1/collections", {
      ...me.actor,
      method: "POST",
      headers: {
        cookie: me.actor.cookie,
        origin: "http://localhost:3000",
        "content-type": "application/json",
      },
      body: "{not json",
    });
    expect(body.status).toBe(400);
  });

  it(`allows ${collectionsPerPerson} collections per person and refuses one more`, async () => {
    const me = await person();
    await database.db.insert(collections).values(
      Array.from({ length: collectionsPerPerson - 1 }, (_, n) => ({
        userId: me.user.id,
        title: `Set ${n}`,
      })),
    );
    await newCollection(me);
    const refused = await me.call("POST", "/api/v1/collections", { title: "One too many" });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatchObject({
      code: "payload_too_large",
      detail: "collection_limit",
    });
    expect(await database.db.$count(collections, eq(collections.userId, me.user.id))).toBe(
      collectionsPerPerson,
    );
    await expect(
      database.db.insert(collections).values({ userId: me.user.id, title: "Straight in" }),
    ).rejects.toMatchObject({ cause: { code: "PS009" } });
  });

  it("lets only one of several creations at once take the last place", async () => {
    const me = await person();
    await database.db.insert(collections).values(
      Array.from({ length: collectionsPerPerson - 1 }, (_, n) => ({
        userId: me.user.id,
        title: `Set ${n}`,
      })),
    );
    const all = await Promise.all(
      ["One", "Two", "Three", "Four", "Five", "Six"].map((title) =>
        me.call("POST", "/api/v1/collections", { title }),
      ),
    );
    expect(all.map((res) => res.status).sort()).toEqual([201, 413, 413, 413, 413, 413]);
    expect(await database.db.$count(collections, eq(collections.userId, me.user.id))).toBe(
      collectionsPerPerson,
    );
  });

  it("renames, describes and publishes a collection; deleting it keeps the prompts", async () => {
    const me = await person();
    const created = await newCollection(me);
    await me.call("POST", `/api/v1/collections/${created.id}/items`, {
      promptId: sharedPrompt(0).id,
    });
    const changed = await me.call("PATCH", `/api/v1/collections/${created.id}`, {
      title: "Hiring",
      description: "Prompts for interviews",
      isPublic: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: "Hiring", isPublic: true, itemCount: 1 });
    expect(changed.body.path).toMatch(/-hiring$/);
    expect((await me.call("PATCH", `/api/v1/collections/${created.id}`, {})).status).toBe(400);
    expect((await me.call("DELETE", `/api/v1/collections/${created.id}`)).status).toBe(204);
    expect((await me.call("GET", `/api/v1/collections/${created.id}`)).status).toBe(404);
    const [prompt] = await database.db
      .select()
      .from(prompts)
      .where(eq(prompts.id, sharedPrompt(0).id));
    expect(prompt?.isShared).toBe(true);
  });
});

describe("items", () => {
  it("adds shared prompts, its own or anyone's, and refuses personal ones, even its own", async () => {
    const me = await person();
    const mine = await createPrompt(database.db, { userId: me.user.id, isShared: true });
    const myPersonal = await createPrompt(database.db, { userId: me.user.id, isShared: false });
    const theirPersonal = await createPrompt(database.db, {
      userId: sharer.user.id,
      isShared: false,
    });
    const { id } = await newCollection(me);
    const items = `/api/v1/collections/${id}/items`;
    expect(
      (await me.call("POST", items, { promptId: sharedPrompt(1).id, note: " Start here " })).body,
    ).toEqual({
      promptId: sharedPrompt(1).id,
      note: "Start here",
    });
    expect((await me.call("POST", items, { promptId: mine.id })).status).toBe(201);

    const personal = await me.call("POST", items, { promptId: myPersonal.id });
    expect(personal.status).toBe(400);
    expect(personal.body.error.detail).toBe("prompt_not_shared");
    const hidden = await me.call("POST", items, { promptId: theirPersonal.id });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.detail).toBe("prompt_not_found");
    const twice = await me.call("POST", items, { promptId: mine.id });
    expect(twice.body.error.detail).toBe("prompt_already_in_collection");
    expect((await me.call("POST", items, { promptId: "not-a-uuid" })).status).toBe(404);

    const detail = await me.call("GET", `/api/v1/collections/${id}`);
    expect(detail.body.items.map((item: { prompt: { id: string } }) => item.prompt.id)).toEqual([
      sharedPrompt(1).id,
      mine.id,
    ]);
    expect(detail.body.items[0]).toMatchObject({
      note: "Start here",
      path: expect.stringMatching(/^\/p\//),
    });
    expect(detail.body.items[0].prompt.promptText).toBe(real[101]?.prompt.slice(0, 300));
  });

  it("says which collections already hold a prompt", async () => {
    const me = await person();
    const holding = await newCollection(me, { title: "Holding" });
    await newCollection(me, { title: "Empty" });
    await me.call("POST", `/api/v1/collections/${holding.id}/items`, {
      promptId: sharedPrompt(2).id,
    });
    const list = await me.call("GET", `/api/v1/collections?prompt=${sharedPrompt(2).id}`);
    expect(
      list.body.map((each: { title: string; hasPrompt: boolean }) => [each.title, each.hasPrompt]),
    ).toEqual([
      ["Empty", false],
      ["Holding", true],
    ]);
    expect((await me.call("GET", "/api/v1/collections?prompt=nope")).status).toBe(400);
  });

  it(`holds ${itemsPerCollection} prompts and refuses one more`, async () => {
    const me = await person();
    const { id } = await newCollection(me);
    const other = await person();
    const filler = await database.db
      .insert(prompts)
      .values(
        real.slice(0, itemsPerCollection - 1).map((row) => ({
          userId: other.user.id,
          isShared: true,
          title: row.act.slice(0, 35),
          promptText: row.prompt,
        })),
      )
      .returning({ id: prompts.id });
    await database.db
      .insert(collectionItems)
      .values(
        filler.map((prompt, position) => ({ collectionId: id, promptId: prompt.id, position })),
      );
    const last = await me.call("POST", `/api/v1/collections/${id}/items`, {
      promptId: sharedPrompt(3).id,
    });
    expect(last.status).toBe(201);
    const refused = await me.call("POST", `/api/v1/collections/${id}/items`, {
      promptId: sharedPrompt(4).id,
    });
    expect(refused.status).toBe(413);
    expect(refused.body.error.detail).toBe("collection_full");
    expect(await database.db.$count(collectionItems, eq(collectionItems.collectionId, id))).toBe(
      itemsPerCollection,
    );
    // Whoever writes: the database itself refuses one more.
    await expect(
      database.db
        .insert(collectionItems)
        .values({ collectionId: id, promptId: sharedPrompt(5).id, position: 200 }),
    ).rejects.toMatchObject({ cause: { code: "PS010" } });
  });

  it("lets only one of several adds at once take the last place", async () => {
    const me = await person();
    const other = await person();
    const { id } = await newCollection(me);
    const filler = await database.db
      .insert(prompts)
      .values(
        real.slice(500, 500 + itemsPerCollection - 1).map((row) => ({
          userId: other.user.id,
          isShared: true,
          title: row.act.slice(0, 35),
          promptText: row.prompt,
        })),
      )
      .returning({ id: prompts.id });
    await database.db
      .insert(collectionItems)
      .values(
        filler.map((prompt, position) => ({ collectionId: id, promptId: prompt.id, position })),
      );
    const all = await Promise.all(
      [4, 5, 6, 7, 8, 9].map((index) =>
        me.call("POST", `/api/v1/collections/${id}/items`, { promptId: sharedPrompt(index).id }),
      ),
    );
    expect(all.map((res) => res.status).sort()).toEqual([201, 413, 413, 413, 413, 413]);
    expect(await database.db.$count(collectionItems, eq(collectionItems.collectionId, id))).toBe(
      itemsPerCollection,
    );
  });

  it("annotates up to the note limit, orders, and removes items", async () => {
    const me = await person();
    const { id } = await newCollection(me);
    for (const index of [0, 1, 2]) {
      await me.call("POST", `/api/v1/collections/${id}/items`, {
        promptId: sharedPrompt(index).id,
      });
    }
    const item = (index: number) => `/api/v1/collections/${id}/items/${sharedPrompt(index).id}`;
    const order = async () =>
      (await me.call("GET", `/api/v1/collections/${id}`)).body.items.map(
        (each: { prompt: { id: string } }) =>
          shared.findIndex((prompt) => prompt.id === each.prompt.id),
      );

    const noted = await me.call("PATCH", item(1), { note: "n".repeat(itemNoteMaxLength) });
    expect(noted.body.note).toHaveLength(itemNoteMaxLength);
    expect(
      (await me.call("PATCH", item(1), { note: "n".repeat(itemNoteMaxLength + 1) })).status,
    ).toBe(400);

    expect((await me.call("PATCH", item(2), { position: 0 })).status).toBe(200);
    expect(await order()).toEqual([2, 0, 1]);
    await me.call("PATCH", item(2), { position: 99 });
    expect(await order()).toEqual([0, 1, 2]);
    expect((await me.call("PATCH", item(0), { position: -1 })).status).toBe(400);
    expect((await me.call("PATCH", item(0), { position: itemsPerCollection })).status).toBe(400);

    expect((await me.call("DELETE", item(1))).status).toBe(204);
    const again = await me.call("DELETE", item(1));
    expect(again.status).toBe(404);
    expect(again.body.error.detail).toBe("collection_item_not_found");
    expect(await order()).toEqual([0, 2]);
  });

  it("orders by what people see: a withdrawn prompt keeps its place and counts for nothing", async () => {
    const me = await person();
    const other = await person();
    const hidden = await createPrompt(database.db, { userId: other.user.id, isShared: true });
    const { id } = await newCollection(me);
    for (const promptId of [
      sharedPrompt(0).id,
      hidden.id,
      sharedPrompt(1).id,
      sharedPrompt(2).id,
    ]) {
      await me.call("POST", `/api/v1/collections/${id}/items`, { promptId });
    }
    await database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, hidden.id));
    // Shown: 0, 1, 2. "Down" on the first moves it past 1, not merely past the hidden one.
    expect(
      (
        await me.call("PATCH", `/api/v1/collections/${id}/items/${sharedPrompt(0).id}`, {
          position: 1,
        })
      ).status,
    ).toBe(200);
    const shown = (await me.call("GET", `/api/v1/collections/${id}`)).body.items.map(
      (item: { prompt: { id: string } }) => item.prompt.id,
    );
    expect(shown).toEqual([sharedPrompt(1).id, sharedPrompt(0).id, sharedPrompt(2).id]);
    const moveHidden = await me.call("PATCH", `/api/v1/collections/${id}/items/${hidden.id}`, {
      note: "x",
    });
    expect(moveHidden.status).toBe(404);
  });

  it("no longer shows a prompt once withdrawn from the community, and drops one deleted", async () => {
    const me = await person();
    const other = await person();
    const withdrawn = await createPrompt(database.db, { userId: other.user.id, isShared: true });
    const deleted = await createPrompt(database.db, { userId: other.user.id, isShared: true });
    const { id } = await newCollection(me);
    for (const promptId of [withdrawn.id, deleted.id, sharedPrompt(5).id]) {
      await me.call("POST", `/api/v1/collections/${id}/items`, { promptId });
    }
    await database.db.update(prompts).set({ isShared: false }).where(eq(prompts.id, withdrawn.id));
    await database.db.delete(prompts).where(eq(prompts.id, deleted.id));
    const detail = (await me.call("GET", `/api/v1/collections/${id}`)).body;
    expect(detail.itemCount).toBe(1);
    expect(detail.items.map((item: { prompt: { id: string } }) => item.prompt.id)).toEqual([
      sharedPrompt(5).id,
    ]);
  });
});

describe("stars and saving a whole collection", () => {
  it("counts each person's star once", async () => {
    const owner = await person();
    const fan = await person();
    const { id } = await newCollection(owner, { isPublic: true });
    expect((await fan.call("PUT", `/api/v1/collections/${id}/star`)).status).toBe(204);
    expect((await fan.call("PUT", `/api/v1/collections/${id}/star`)).status).toBe(204);
    expect((await fan.call("GET", `/api/v1/collections/${id}`)).body).toMatchObject({
      starCount: 1,
      starred: true,
      isOwn: false,
    });
    expect((await owner.call("GET", `/api/v1/collections/${id}`)).body).toMatchObject({
      starCount: 1,
      starred: false,
      isOwn: true,
    });
    expect((await fan.call("DELETE", `/api/v1/collections/${id}/star`)).status).toBe(204);
    expect((await fan.call("GET", `/api/v1/collections/${id}`)).body.starCount).toBe(0);
  });

  it("copies every prompt into the saver's library once, saying how many it already had", async () => {
    const owner = await person();
    const saver = await person();
    const { id } = await newCollection(owner, { isPublic: true });
    for (const index of [6, 7, 8]) {
      await owner.call("POST", `/api/v1/collections/${id}/items`, {
        promptId: sharedPrompt(index).id,
      });
    }
    await saver.call("POST", `/api/v1/prompts/${sharedPrompt(7).id}/save`);
    const first = await saver.call("POST", `/api/v1/collections/${id}/save`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ saved: 2, alreadyInLibrary: 1 });
    expect((await saver.call("POST", `/api/v1/collections/${id}/save`)).body).toEqual({
      saved: 0,
      alreadyInLibrary: 3,
    });
    const copies = await database.db
      .select()
      .from(prompts)
      .where(eq(prompts.userId, saver.user.id));
    expect(copies.map((copy) => copy.sourcePromptId).sort()).toEqual(
      [6, 7, 8].map((index) => sharedPrompt(index).id).sort(),
    );
    expect(copies.every((copy) => !copy.isShared)).toBe(true);
  });

  it("saves nothing when the library would overflow part way, and says so", async () => {
    const owner = await person();
    const saver = await person();
    const { id } = await newCollection(owner, { isPublic: true });
    for (const index of [0, 1, 2, 3]) {
      await owner.call("POST", `/api/v1/collections/${id}/items`, {
        promptId: sharedPrompt(index).id,
      });
    }
    await database.db.insert(prompts).values(
      real.slice(200, 200 + libraryLimit - 2).map((row) => ({
        userId: saver.user.id,
        isShared: false,
        title: row.act.slice(0, 35),
        promptText: row.prompt,
      })),
    );
    const refused = await saver.call("POST", `/api/v1/collections/${id}/save`);
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toMatch(/at most 150 prompts/);
    expect(await database.db.$count(prompts, eq(prompts.userId, saver.user.id))).toBe(
      libraryLimit - 2,
    );
  });
});
