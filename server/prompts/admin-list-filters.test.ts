import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import { type Actor, type ActorName, asActor, createActors } from "../../tests/support/actors.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

let actors: Record<ActorName, Actor>;
const word = `kelp${randomBytes(4).toString("hex")}`;
const carol = `carol.de.vries.${randomBytes(3).toString("hex")}@example.com`;
const titles = {
  carolShared: `${word} carol shared`,
  carolPrivate: `${word} carol private`,
  bobShared: `${word} bob shared`,
  bobPrivate: `${word} bob private`,
};

beforeAll(async () => {
  actors = await createActors(database.db);
  const owners = {
    carol: await createUser(database.db, { email: carol }),
    bob: await createUser(database.db, {
      email: `bob.${randomBytes(3).toString("hex")}@example.com`,
    }),
  };
  for (const [key, title] of Object.entries(titles)) {
    await createPrompt(database.db, {
      userId: key.startsWith("carol") ? owners.carol.id : owners.bob.id,
      title,
      category: title,
      promptText: `${title}: the text`,
      isShared: key.endsWith("Shared"),
    });
  }
});

async function list(actor: Actor, query: string) {
  const res = await app.request(`/api/v1/prompts?${query}`, asActor(actor));
  const body = (await res.json()) as { items?: Prompt[]; error?: { code: string } };
  return { status: res.status, titles: body.items?.map((prompt) => prompt.title).sort(), body };
}

describe("an administrator's list of every prompt", () => {
  it("narrows to owners whose email contains the text, in any case, taken literally", async () => {
    expect((await list(actors.admin, `scope=all&q=${word}&owner=CAROL.DE.VRIES`)).titles).toEqual([
      titles.carolPrivate,
      titles.carolShared,
    ]);
    expect((await list(actors.admin, `scope=all&q=${word}&owner=${carol}`)).titles).toEqual([
      titles.carolPrivate,
      titles.carolShared,
    ]);
    expect((await list(actors.admin, `scope=all&q=${word}&owner=carol%25`)).titles).toEqual([]);
  });

  it("narrows to shared or to private prompts", async () => {
    expect((await list(actors.admin, `scope=all&q=${word}&visibility=shared`)).titles).toEqual([
      titles.bobShared,
      titles.carolShared,
    ]);
    expect((await list(actors.admin, `scope=all&q=${word}&visibility=private`)).titles).toEqual([
      titles.bobPrivate,
      titles.carolPrivate,
    ]);
    expect((await list(actors.admin, `scope=all&q=${word}&visibility=all`)).titles).toHaveLength(4);
  });

  it("combines both with the search and any order, page after page", async () => {
    const query = `scope=all&q=${word}&owner=carol&visibility=private&sort=title`;
    expect((await list(actors.admin, query)).titles).toEqual([titles.carolPrivate]);
    const first = await list(actors.admin, `scope=all&owner=${carol}&sort=title&limit=1`);
    expect(first.titles).toEqual([titles.carolPrivate]);
    const cursor = (first.body as { nextCursor: string }).nextCursor;
    const second = await list(
      actors.admin,
      `scope=all&owner=${carol}&sort=title&limit=1&cursor=${cursor}`,
    );
    expect(second.titles).toEqual([titles.carolShared]);
  });

  it("refuses a visibility it does not know", async () => {
    const answer = await list(actors.admin, "scope=all&visibility=secret");
    expect(answer.status).toBe(400);
  });

  it("the admin page carries the filters from its URL", async () => {
    const res = await app.request(
      `/admin?q=${word}&owner=carol&visibility=private`,
      asActor(actors.admin),
    );
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(titles.carolPrivate);
    for (const other of [titles.carolShared, titles.bobShared, titles.bobPrivate]) {
      expect(html).not.toContain(other);
    }
  });
});

describe("for anyone else", () => {
  it.each([
    "scope=community&owner=carol",
    "scope=community&visibility=shared",
    "scope=personal&visibility=private",
    "scope=favourites&owner=a",
  ])("%s is refused", async (query) => {
    for (const actor of [actors.userA, actors.userB]) {
      const answer = await list(actor, query);
      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe("forbidden");
    }
  });

  it("the default visibility is no filter", async () => {
    expect((await list(actors.userA, `scope=community&q=${word}&visibility=all`)).titles).toEqual([
      titles.bobShared,
      titles.carolShared,
    ]);
  });
});
