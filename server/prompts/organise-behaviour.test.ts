import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import { type Actor, asActor } from "../../tests/support/actors.ts";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

/** A fresh person with a small API client. */
async function person() {
  const user = await createUser(database.db);
  const actor: Actor = {
    name: "userA",
    userId: user.id,
    cookie: await signedInCookie(database.db, user.id),
  };
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await app.request(path, asActor(actor, { method, json }));
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const prompt = async (promptText: string, extra: Record<string, unknown> = {}) =>
    (await call("POST", "/api/v1/prompts", { promptText, shared: false, ...extra })).body as Prompt;
  const list = async (query: string) =>
    (await call("GET", `/api/v1/prompts?${query}`)).body as {
      items: Prompt[];
      nextCursor: string | null;
    };
  return { actor, call, prompt, list };
}

describe("folders", () => {
  it("nest, count their prompts, refuse clashing names and cycles", async () => {
    const me = await person();
    const work = (await me.call("POST", "/api/v1/folders", { name: "Work" })).body;
    const clients = (
      await me.call("POST", "/api/v1/folders", { name: "Clients", parentId: work.id })
    ).body;
    const deep = (await me.call("POST", "/api/v1/folders", { name: "Acme", parentId: clients.id }))
      .body;
    expect((await me.call("POST", "/api/v1/folders", { name: "work" })).status).toBe(400);
    expect((await me.call("POST", "/api/v1/folders", { name: "  " })).status).toBe(400);
    expect(
      (await me.call("PATCH", `/api/v1/folders/${work.id}`, { parentId: deep.id })).status,
    ).toBe(400);

    const a = await me.prompt("First");
    await me.prompt("Second");
    expect(
      (await me.call("PUT", `/api/v1/prompts/${a.id}/folder`, { folderId: deep.id })).status,
    ).toBe(204);
    const folders = (await me.call("GET", "/api/v1/folders")).body as {
      id: string;
      promptCount: number;
      parentId: string | null;
    }[];
    expect(folders.find((f) => f.id === deep.id)).toMatchObject({
      promptCount: 1,
      parentId: clients.id,
    });
    expect(
      (await me.list(`scope=personal&folder=${deep.id}`)).items.map((p) => p.promptText),
    ).toEqual(["First"]);
  });

  it("deleting one moves its prompts and subfolders up, or deletes the whole subtree", async () => {
    const me = await person();
    const top = (await me.call("POST", "/api/v1/folders", { name: "Top" })).body;
    const middle = (await me.call("POST", "/api/v1/folders", { name: "Middle", parentId: top.id }))
      .body;
    const bottom = (
      await me.call("POST", "/api/v1/folders", { name: "Bottom", parentId: middle.id })
    ).body;
    const inMiddle = await me.prompt("In the middle");
    const inBottom = await me.prompt("At the bottom");
    await me.call("PUT", `/api/v1/prompts/${inMiddle.id}/folder`, { folderId: middle.id });
    await me.call("PUT", `/api/v1/prompts/${inBottom.id}/folder`, { folderId: bottom.id });

    expect((await me.call("DELETE", `/api/v1/folders/${middle.id}?prompts=move`)).status).toBe(204);
    expect((await me.call("GET", `/api/v1/prompts/${inMiddle.id}`)).body.folderId).toBe(top.id);
    let folders = (await me.call("GET", "/api/v1/folders")).body as {
      id: string;
      parentId: string | null;
    }[];
    expect(folders.find((f) => f.id === bottom.id)?.parentId).toBe(top.id);

    expect((await me.call("DELETE", `/api/v1/folders/${top.id}?prompts=delete`)).status).toBe(204);
    expect((await me.call("GET", `/api/v1/prompts/${inMiddle.id}`)).status).toBe(404);
    expect((await me.call("GET", `/api/v1/prompts/${inBottom.id}`)).status).toBe(404);
    folders = (await me.call("GET", "/api/v1/folders")).body;
    expect(folders).toEqual([]);
  });
});

describe("tags", () => {
  it("are unique regardless of case, at most 20 per prompt and 32 characters, and filter together", async () => {
    const me = await person();
    const a = await me.prompt("Alpha");
    const b = await me.prompt("Beta");
    await me.call("POST", `/api/v1/prompts/${a.id}/tags`, { name: "Writing" });
    await me.call("POST", `/api/v1/prompts/${a.id}/tags`, { name: "writing" });
    await me.call("POST", `/api/v1/prompts/${a.id}/tags`, { name: "email" });
    await me.call("POST", `/api/v1/prompts/${b.id}/tags`, { name: "WRITING" });
    expect((await me.call("GET", `/api/v1/prompts/${a.id}`)).body.tags).toEqual([
      "email",
      "Writing",
    ]);
    expect((await me.call("GET", "/api/v1/tags")).body).toEqual([
      { name: "email", promptCount: 1 },
      { name: "Writing", promptCount: 2 },
    ]);
    expect((await me.list("scope=personal&tag=writing&tag=EMAIL")).items.map((p) => p.id)).toEqual([
      a.id,
    ]);
    expect((await me.list("scope=personal&tag=writing")).items).toHaveLength(2);

    expect(
      (await me.call("POST", `/api/v1/prompts/${b.id}/tags`, { name: "x".repeat(33) })).status,
    ).toBe(400);
    for (let i = 0; i < 19; i++)
      await me.call("POST", `/api/v1/prompts/${b.id}/tags`, { name: `t${i}` });
    const over = await me.call("POST", `/api/v1/prompts/${b.id}/tags`, { name: "one-too-many" });
    expect(over).toMatchObject({
      status: 400,
      body: { error: { message: "A prompt can have at most 20 tags" } },
    });
  });

  it("rename everywhere, merging into an existing tag, and delete everywhere", async () => {
    const me = await person();
    const a = await me.prompt("Alpha");
    const b = await me.prompt("Beta");
    await me.call("POST", `/api/v1/prompts/${a.id}/tags`, { name: "draft" });
    await me.call("POST", `/api/v1/prompts/${b.id}/tags`, { name: "wip" });
    await me.call("POST", `/api/v1/prompts/${b.id}/tags`, { name: "draft" });
    expect((await me.call("PATCH", "/api/v1/tags/wip", { name: "Draft" })).status).toBe(204);
    expect((await me.call("GET", "/api/v1/tags")).body).toEqual([
      { name: "draft", promptCount: 2 },
    ]);
    expect((await me.call("DELETE", "/api/v1/tags/DRAFT")).status).toBe(204);
    expect((await me.call("GET", `/api/v1/prompts/${b.id}`)).body.tags).toEqual([]);
  });
});

describe("stars, copies and saving", () => {
  it("favourites list newest star first and count stars across people", async () => {
    const author = await person();
    const fan = await person();
    const first = await author.prompt("Shared one", { shared: true });
    const second = await author.prompt("Shared two", { shared: true });
    await fan.call("PUT", `/api/v1/prompts/${second.id}/favourite`);
    await fan.call("PUT", `/api/v1/prompts/${first.id}/favourite`);
    await author.call("PUT", `/api/v1/prompts/${first.id}/favourite`);
    const favourites = await fan.list("scope=favourites");
    expect(favourites.items.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(favourites.items[0]).toMatchObject({ isFavourite: true, starCount: 2 });
    await fan.call("DELETE", `/api/v1/prompts/${first.id}/favourite`);
    expect((await fan.list("scope=favourites")).items.map((p) => p.id)).toEqual([second.id]);
  });

  it("saving a community prompt makes an editable personal copy linked to the original", async () => {
    const author = await person();
    const reader = await person();
    const original = await author.prompt("Original text", { shared: true, useCase: "poetry" });
    const saved = await reader.call("POST", `/api/v1/prompts/${original.id}/save`);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      isOwn: true,
      isShared: false,
      title: "poetry",
      savedFromId: original.id,
    });
    await reader.call("PATCH", `/api/v1/prompts/${saved.body.id}`, { promptText: "My version" });
    expect((await author.call("GET", `/api/v1/prompts/${original.id}`)).body.promptText).toBe(
      "Original text",
    );
  });
});

describe("sorting", () => {
  it("each order pages through every prompt exactly once, in order", async () => {
    const me = await person();
    const titles = ["banana", "Apple", "cherry", "apple pie", "Date", "elder"];
    for (const title of titles) {
      const p = await me.prompt(`Text of ${title}`, { useCase: title });
      for (let i = 0; i < title.length % 4; i++)
        await me.call("POST", `/api/v1/prompts/${p.id}/copies`);
    }
    const walk = async (sort: string) => {
      const seen: Prompt[] = [];
      let cursor: string | null = null;
      do {
        const page = await me.list(
          `scope=personal&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        );
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    expect((await walk("title")).map((p) => p.title)).toEqual([
      "Apple",
      "apple pie",
      "banana",
      "cherry",
      "Date",
      "elder",
    ]);
    expect((await walk("oldest")).map((p) => p.title)).toEqual(titles);
    expect((await walk("newest")).map((p) => p.title)).toEqual([...titles].reverse());
    const byCopies = await walk("copies");
    expect(byCopies.map((p) => p.copyCount)).toEqual(
      [...byCopies.map((p) => p.copyCount)].sort((a, b) => b - a),
    );
    expect(new Set(byCopies.map((p) => p.id)).size).toBe(titles.length);
    expect(
      (await me.call("GET", "/api/v1/prompts?scope=personal&sort=title&cursor=bogus")).status,
    ).toBe(400);
  });
});
