import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { defaultConnectionSettings } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { folders, promptTags } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { settings: { ...defaultConnectionSettings(), "promptshelf.folders_per_person": "40" } },
);

const person = () => apiPerson(database.db, app);
type Person = Awaited<ReturnType<typeof person>>;

async function folder(me: Person, name: string, parentId: string | null = null) {
  const made = await me.call("POST", "/api/v1/folders", { name, parentId });
  return { status: made.status, id: made.body?.id as string, message: made.body?.error?.message };
}

/** Every folder of the person, walked up from each to the top: a loop never gets there. */
async function loopsOf(userId: string) {
  const rows = await database.db
    .select({ id: folders.id, parentId: folders.parentId })
    .from(folders)
    .where(eq(folders.userId, userId));
  const parent = new Map(rows.map((row) => [row.id, row.parentId]));
  return rows.filter((row) => {
    const seen = new Set<string>();
    for (let at: string | null | undefined = row.id; at; at = parent.get(at)) {
      if (seen.has(at)) return true;
      seen.add(at);
    }
    return false;
  }).length;
}

describe("folder limits through the API", () => {
  it("nests 32 levels deep and no deeper, counting the folders under a moved one", async () => {
    const me = await person();
    let parent: string | null = null;
    for (let level = 1; level <= 32; level++) {
      const made = await folder(me, `level ${level}`, parent);
      expect(made.status).toBe(201);
      parent = made.id;
    }
    const tooDeep = await folder(me, "level 33", parent);
    expect(tooDeep).toMatchObject({
      status: 400,
      message: "Folders can be nested at most 32 levels deep",
    });
    // A folder with two levels under it, moved under level 31, would reach level 34.
    const top = await folder(me, "branch");
    const middle = await folder(me, "middle", top.id);
    await folder(me, "leaf", middle.id);
    const levels = (await me.call("GET", "/api/v1/folders")).body as { id: string; name: string }[];
    const level31 = levels.find((f) => f.name === "level 31")?.id;
    const level29 = levels.find((f) => f.name === "level 29")?.id;
    const tooDeepMove = await me.call("PATCH", `/api/v1/folders/${top.id}`, { parentId: level31 });
    expect(tooDeepMove.status).toBe(400);
    const fits = await me.call("PATCH", `/api/v1/folders/${top.id}`, { parentId: level29 });
    expect(fits.status).toBe(200);
  });

  it("makes at most the folder limit, and again after one is deleted", async () => {
    const me = await person();
    for (let i = 0; i < 40; i++) expect((await folder(me, `F${i}`)).status).toBe(201);
    expect(await folder(me, "one more")).toMatchObject({
      status: 413,
      message: "You can have at most 40 folders",
    });
    const first = (await me.call("GET", "/api/v1/folders")).body[0];
    expect((await me.call("DELETE", `/api/v1/folders/${first.id}`)).status).toBe(204);
    expect((await folder(me, "one more")).status).toBe(201);
  });

  it("refuses a parent of another person's, whatever the request says", async () => {
    const me = await person();
    const other = await person();
    const theirs = await folder(other, "Theirs");
    expect(await folder(me, "Inside theirs", theirs.id)).toMatchObject({ status: 404 });
    // Even written straight to the database.
    await expect(
      database.db.insert(folders).values({ userId: me.user.id, name: "x", parentId: theirs.id }),
    ).rejects.toThrow();
  });
});

describe("folder moves and tags at the same moment", () => {
  it("two moves at once (X under Y, Y under X) never make a loop", async () => {
    const me = await person();
    for (let round = 0; round < 10; round++) {
      const x = await folder(me, `X${round}`);
      const y = await folder(me, `Y${round}`);
      const moves = await Promise.all([
        me.call("PATCH", `/api/v1/folders/${x.id}`, { parentId: y.id }),
        me.call("PATCH", `/api/v1/folders/${y.id}`, { parentId: x.id }),
      ]);
      expect(moves.map((move) => move.status).sort()).toEqual([200, 400]);
      expect(moves.find((move) => move.status === 400)?.body.error.message).toBe(
        "A folder cannot move inside itself",
      );
    }
    expect(await loopsOf(me.user.id)).toBe(0);
  });

  it("26 tags added at once leave a prompt with 20", async () => {
    const me = await person();
    const prompt = (
      await me.call("POST", "/api/v1/prompts", { promptText: "Tag me", shared: false })
    ).body;
    const added = await Promise.all(
      Array.from({ length: 26 }, (_, i) =>
        me.call("POST", `/api/v1/prompts/${prompt.id}/tags`, { name: `tag ${i}` }),
      ),
    );
    expect(added.filter((result) => result.status === 204)).toHaveLength(20);
    for (const refused of added.filter((result) => result.status !== 204)) {
      expect(refused).toMatchObject({
        status: 400,
        body: { error: { message: "A prompt can have at most 20 tags" } },
      });
    }
    const kept = await database.db
      .select()
      .from(promptTags)
      .where(eq(promptTags.promptId, prompt.id));
    expect(kept).toHaveLength(20);
  });
});

describe("walks that cannot run away", () => {
  it("deleting a folder in a loop made before the rules ends, and takes the loop with it", async () => {
    const me = await person();
    const a = await folder(me, "A");
    const b = await folder(me, "B", a.id);
    const filed = (
      await me.call("POST", "/api/v1/prompts", { promptText: "Inside the loop", shared: false })
    ).body;
    await me.call("PUT", `/api/v1/prompts/${filed.id}/folder`, { folderId: b.id });
    // What two racing moves could leave before the database checked them: A under B, B under A.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ${folders} disable trigger folders_placement`);
      await tx.update(folders).set({ parentId: b.id }).where(eq(folders.id, a.id));
      await tx.execute(sql`alter table ${folders} enable trigger folders_placement`);
    });
    expect(await loopsOf(me.user.id)).toBe(2);
    expect((await me.call("GET", "/api/v1/folders")).status).toBe(200);
    expect((await me.call("GET", "/api/v1/export?format=csv")).status).toBe(200);
    const deleted = await me.call("DELETE", `/api/v1/folders/${a.id}?prompts=delete`);
    expect(deleted.status).toBe(204);
    expect((await me.call("GET", `/api/v1/prompts/${filed.id}`)).status).toBe(404);
  });
});
