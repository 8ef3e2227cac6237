import { asc, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../shared/prompt.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { teamOf } from "../../tests/support/teams.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

/**
 * Pins and the manual order (issue 42): only the owner pins and moves their prompts; pinned ones
 * come first in every order of their library and folders; a move rewrites the moved row alone,
 * and moves made at once all land (on PostgreSQL, truly at once).
 */

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

async function person() {
  const me = await apiPerson(database.db, app);
  const add = async (promptText: string, extra: Record<string, unknown> = {}) =>
    (
      await me.call("POST", "/api/v1/prompts", {
        promptText,
        useCase: promptText,
        shared: false,
        ...extra,
      })
    ).body as Prompt;
  const titles = async (query: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await me.call(
        "GET",
        `/api/v1/prompts?${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(answer.status, answer.text).toBe(200);
      seen.push(...(answer.body.items as Prompt[]).map((item) => item.promptText));
      cursor = answer.body.nextCursor;
    } while (cursor);
    return seen;
  };
  const move = (id: string, where: { before?: string; after?: string }) =>
    me.call("PUT", `/api/v1/prompts/${id}/position`, where);
  return { ...me, add, titles, move };
}

async function positions(ids: string[]) {
  const rows = await database.db
    .select({ id: prompts.id, position: prompts.position })
    .from(prompts)
    .where(inArray(prompts.id, ids))
    .orderBy(asc(prompts.id));
  return Object.fromEntries(rows.map((row) => [row.id, row.position]));
}

describe("the manual order", () => {
  it("starts newest first, and a move puts a prompt just before, just after or between", async () => {
    const me = await person();
    const [a, b, c, d] = [
      await me.add("A"),
      await me.add("B"),
      await me.add("C"),
      await me.add("D"),
    ];
    if (!a || !b || !c || !d) throw new Error("not added");
    expect(await me.titles("scope=personal&sort=manual")).toEqual(["D", "C", "B", "A"]);

    expect((await me.move(a.id, { before: d.id })).status).toBe(204);
    expect(await me.titles("scope=personal&sort=manual")).toEqual(["A", "D", "C", "B"]);
    expect((await me.move(a.id, { after: b.id })).status).toBe(204);
    expect(await me.titles("scope=personal&sort=manual")).toEqual(["D", "C", "B", "A"]);
    expect((await me.move(b.id, { after: d.id, before: c.id })).status).toBe(204);
    expect(await me.titles("scope=personal&sort=manual")).toEqual(["D", "B", "C", "A"]);
    // Other orders are untouched by it.
    expect(await me.titles("scope=personal&sort=newest")).toEqual(["D", "C", "B", "A"]);
  });

  it("writes the moved prompt's row alone", async () => {
    const me = await person();
    const made = [];
    for (const text of ["1", "2", "3", "4", "5"]) made.push(await me.add(text));
    const ids = made.map((prompt) => prompt.id);
    const [first, , middle, , last] = ids as [string, string, string, string, string];
    for (let round = 0; round < 30; round++) {
      const before = await positions(ids);
      const moved = round % 2 ? first : last;
      expect((await me.move(moved, { before: middle })).status).toBe(204);
      const after = await positions(ids);
      const changed = ids.filter((id) => before[id] !== after[id]);
      expect(changed).toEqual([moved]);
      expect(after[moved]?.length).toBeLessThan(40);
    }
  });

  it("is kept per folder: a folder lists its own prompts in the order set", async () => {
    const me = await person();
    const folder = (await me.call("POST", "/api/v1/folders", { name: "Work" })).body;
    const [a, b, c] = [await me.add("A"), await me.add("B"), await me.add("C")];
    await me.add("Elsewhere");
    for (const prompt of [a, b, c]) {
      await me.call("PUT", `/api/v1/prompts/${prompt?.id}/folder`, { folderId: folder.id });
    }
    expect((await me.move(a?.id ?? "", { before: c?.id ?? "" })).status).toBe(204);
    expect(await me.titles(`scope=personal&folder=${folder.id}&sort=manual`)).toEqual([
      "A",
      "C",
      "B",
    ]);
    expect(await me.titles("scope=personal&sort=manual")).toEqual(["Elsewhere", "A", "C", "B"]);
  });

  it("takes moves made at once, none waiting on another", async () => {
    const me = await person();
    const made: Prompt[] = [];
    for (let n = 0; n < 8; n++) made.push(await me.add(`P${n}`));
    const [p0, p1, p2, p3, p4, p5, p6, p7] = made.map((prompt) => prompt.id) as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    // Two prompts swapped with each other, two into one gap, and the rest about.
    const answers = await Promise.all([
      me.move(p0, { before: p7 }),
      me.move(p7, { after: p0 }),
      me.move(p1, { after: p5, before: p4 }),
      me.move(p2, { after: p5, before: p4 }),
      me.move(p3, { before: p6 }),
      me.move(p6, { after: p3 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204, 204]);
    const listed = await me.titles("scope=personal&sort=manual");
    expect([...listed].sort()).toEqual(["P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"]);
  });

  it("is refused without a place, next to itself, or next to a prompt not yours", async () => {
    const me = await person();
    const other = await person();
    const mine = await me.add("Mine");
    const theirs = await other.add("Theirs", { shared: true });
    expect((await me.move(mine.id, {})).status).toBe(400);
    expect((await me.move(mine.id, { before: mine.id })).status).toBe(400);
    const refused = await me.move(mine.id, { before: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error.detail).toBe("prompt_not_found");
    expect((await me.move(mine.id, { before: "nope" })).status).toBe(400);
  });
});

describe("pins", () => {
  it("come first in every order of the owner's library and folder, and nowhere else", async () => {
    const me = await person();
    const folder = (await me.call("POST", "/api/v1/folders", { name: "Work" })).body;
    const [a, b] = [await me.add("A"), await me.add("B")];
    await me.add("C");
    const zed = await me.add("Z");
    for (const prompt of [a, b, zed]) {
      await me.call("PUT", `/api/v1/prompts/${prompt.id}/folder`, { folderId: folder.id });
    }
    expect((await me.call("PUT", `/api/v1/prompts/${a.id}/pin`, { pinned: true })).status).toBe(
      204,
    );
    expect((await me.call("PUT", `/api/v1/prompts/${zed.id}/pin`, { pinned: true })).status).toBe(
      204,
    );
    expect(await me.titles("scope=personal&sort=newest")).toEqual(["Z", "A", "C", "B"]);
    expect(await me.titles("scope=personal&sort=oldest")).toEqual(["A", "Z", "B", "C"]);
    expect(await me.titles("scope=personal&sort=title")).toEqual(["A", "Z", "B", "C"]);
    expect(await me.titles("scope=personal&sort=manual")).toEqual(["Z", "A", "C", "B"]);
    expect(await me.titles(`scope=personal&folder=${folder.id}&sort=newest`)).toEqual([
      "Z",
      "A",
      "B",
    ]);
    const read = (await me.call("GET", `/api/v1/prompts/${a.id}`)).body as Prompt;
    expect(read.pinned).toBe(true);

    await me.call("PUT", `/api/v1/prompts/${zed.id}/pin`, { pinned: false });
    expect(await me.titles("scope=personal&sort=newest")).toEqual(["A", "Z", "C", "B"]);
  });

  it("are the owner's alone: another person, even seeing it, is refused", async () => {
    const owner = await person();
    const other = await person();
    const shared = await owner.add("Shared", { shared: true });
    const personal = await owner.add("Personal");
    const pin = (id: string) => other.call("PUT", `/api/v1/prompts/${id}/pin`, { pinned: true });
    expect((await pin(shared.id)).status).toBe(403);
    expect((await pin(personal.id)).status).toBe(404);
    expect((await other.move(shared.id, { before: personal.id })).status).toBe(403);
    expect(
      (await owner.call("PUT", `/api/v1/prompts/${shared.id}/pin`, { pinned: "yes" })).status,
    ).toBe(400);
    const seen = (await other.call("GET", `/api/v1/prompts/${shared.id}`)).body as Prompt;
    expect(seen.pinned).toBe(false);
  });
});

describe("in a team's library", () => {
  it("its editors pin and order its prompts, which every member sees, and no one else changes", async () => {
    const [owner, editor, viewer, outsider] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const [first, second, third] = [
      await editor.add("first", { teamId }),
      await editor.add("second", { teamId }),
      await editor.add("third", { teamId }),
    ].map((prompt) => prompt.id);
    const team = `scope=team&team=${teamId}`;
    expect(await viewer.titles(`${team}&sort=manual`)).toEqual(["third", "second", "first"]);

    // An editor moves one and pins another; every member sees the team's order and pin.
    expect((await editor.move(first ?? "", { before: third })).status).toBe(204);
    expect(
      (await editor.call("PUT", `/api/v1/prompts/${second}/pin`, { pinned: true })).status,
    ).toBe(204);
    for (const member of [owner, editor, viewer]) {
      expect(await member.titles(`${team}&sort=manual`)).toEqual(["second", "first", "third"]);
      expect(await member.titles(`${team}&sort=newest`)).toEqual(["second", "third", "first"]);
    }
    const listed = await viewer.call("GET", `/api/v1/prompts?${team}`);
    expect(listed.body.items.map((item: Prompt) => item.pinned)).toEqual([true, false, false]);
    // Not in anyone's own library, the writer's neither.
    expect(await editor.titles("scope=personal&sort=manual")).toEqual([]);

    // A viewer may not; to anyone outside the team, the prompt is not there.
    for (const [who, status] of [
      [viewer, 403],
      [outsider, 404],
    ] as const) {
      expect((await who.move(third ?? "", { before: second })).status).toBe(status);
      expect((await who.call("PUT", `/api/v1/prompts/${third}/pin`, { pinned: true })).status).toBe(
        status,
      );
    }
    // A neighbour outside the team's library is not one to move next to.
    const mine = await editor.add("mine");
    expect((await editor.move(third ?? "", { before: mine.id })).status).toBe(404);
    expect(await viewer.titles(`${team}&sort=manual`)).toEqual(["second", "first", "third"]);
  });
});
