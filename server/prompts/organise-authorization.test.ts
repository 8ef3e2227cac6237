import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, type ActorName, asActor, createActors } from "../../tests/support/actors.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { librarySnapshot } from "../../tests/support/library-snapshot.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { favourites, folders, promptTags, tags } from "../db/schema.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, env: { ADMIN_EMAILS: "admin@example.com" } });
  actors = await createActors(database.db);
});
afterAll(async () => {
  await database.close();
});

type Target = "aPersonal" | "aShared" | "adminShared";

/** A's two prompts (one in A's folder, both tagged and starred by A) and an admin prompt. */
async function createWorld() {
  const db = database.db;
  const userA = actors.userA.userId as string;
  const [folder] = await db
    .insert(folders)
    .values({ userId: userA, name: `Work ${Math.random()}` })
    .returning();
  const [tag] = await db
    .insert(tags)
    .values({ userId: userA, name: `tag${Math.random().toString(36).slice(2, 8)}` })
    .returning();
  if (!folder || !tag) throw new Error("setup failed");
  const aPersonal = await createPrompt(db, { userId: userA, isShared: false, folderId: folder.id });
  const aShared = await createPrompt(db, { userId: userA, isShared: true });
  const adminShared = await createPrompt(db, {
    userId: actors.admin.userId,
    isShared: true,
    createdByAdmin: true,
  });
  await db.insert(promptTags).values([
    { promptId: aPersonal.id, tagId: tag.id },
    { promptId: aShared.id, tagId: tag.id },
  ]);
  await db.insert(favourites).values([
    { userId: userA, promptId: aPersonal.id },
    { userId: userA, promptId: adminShared.id },
  ]);
  const ids: Record<Target, string> = {
    aPersonal: aPersonal.id,
    aShared: aShared.id,
    adminShared: adminShared.id,
  };
  return { ids, folder, tag };
}

const organise = { visitor: 401, userA: 204, userB: 404, admin: 403 };
const organiseShared = { visitor: 401, userA: 204, userB: 403, admin: 403 };
const organiseAdmins = { visitor: 401, userA: 403, userB: 403, admin: 204 };
const see = (ok: number) => ({
  aPersonal: { visitor: 401, userA: ok, userB: 404, admin: ok },
  aShared: { visitor: 401, userA: ok, userB: ok, admin: ok },
  adminShared: { visitor: 401, userA: ok, userB: ok, admin: ok },
});

const operations: Record<
  string,
  {
    request: (id: string, tagName: string) => { method: string; path: string; json?: unknown };
    expect: Record<Target, Record<ActorName, number>>;
  }
> = {
  "file in no folder": {
    request: (id) => ({
      method: "PUT",
      path: `/api/v1/prompts/${id}/folder`,
      json: { folderId: null },
    }),
    expect: { aPersonal: organise, aShared: organiseShared, adminShared: organiseAdmins },
  },
  "add a tag": {
    request: (id) => ({
      method: "POST",
      path: `/api/v1/prompts/${id}/tags`,
      json: { name: "fresh" },
    }),
    expect: { aPersonal: organise, aShared: organiseShared, adminShared: organiseAdmins },
  },
  "remove a tag": {
    request: (id, tagName) => ({ method: "DELETE", path: `/api/v1/prompts/${id}/tags/${tagName}` }),
    expect: { aPersonal: organise, aShared: organiseShared, adminShared: organiseAdmins },
  },
  star: {
    request: (id) => ({ method: "PUT", path: `/api/v1/prompts/${id}/favourite` }),
    expect: see(204),
  },
  "count a copy": {
    request: (id) => ({ method: "POST", path: `/api/v1/prompts/${id}/copies` }),
    expect: see(204),
  },
  "save to my library": {
    request: (id) => ({ method: "POST", path: `/api/v1/prompts/${id}/save` }),
    // A prompt of one's own is in one's library already (same text): it is answered, not copied.
    expect: {
      aPersonal: { visitor: 401, userA: 200, userB: 404, admin: 201 },
      aShared: { visitor: 401, userA: 200, userB: 201, admin: 201 },
      adminShared: { visitor: 401, userA: 201, userB: 201, admin: 200 },
    },
  },
};

const cells = Object.entries(operations).flatMap(([operation, { expect: byTarget }]) =>
  Object.entries(byTarget).flatMap(([target, byActor]) =>
    Object.entries(byActor).map(([actor, status]) => ({
      operation,
      target: target as Target,
      actor: actor as ActorName,
      status,
    })),
  ),
);

describe("organising prompts", () => {
  it.each(cells)(
    "$operation on $target as $actor → $status",
    async ({ operation, target, actor, status }) => {
      const world = await createWorld();
      const before = await librarySnapshot(database.db);
      const request = operations[operation]?.request(world.ids[target], world.tag.name);
      if (!request) throw new Error(operation);
      const res = await app.request(
        request.path,
        asActor(actors[actor], { method: request.method, json: request.json }),
      );
      expect(res.status).toBe(status);
      if (status >= 400) expect(await librarySnapshot(database.db)).toEqual(before);
    },
  );

  it("unstarring removes only your own star", async () => {
    const world = await createWorld();
    for (const actor of ["userB", "admin"] as const) {
      const before = await librarySnapshot(database.db);
      const res = await app.request(
        `/api/v1/prompts/${world.ids.adminShared}/favourite`,
        asActor(actors[actor], { method: "DELETE" }),
      );
      expect(res.status).toBe(204);
      expect((await librarySnapshot(database.db)).favourites).toEqual(before.favourites);
    }
  });

  it("filing into someone else's folder is refused", async () => {
    const world = await createWorld();
    const own = await createPrompt(database.db, { userId: actors.userB.userId, isShared: false });
    const before = await librarySnapshot(database.db);
    const res = await app.request(
      `/api/v1/prompts/${own.id}/folder`,
      asActor(actors.userB, { method: "PUT", json: { folderId: world.folder.id } }),
    );
    expect(res.status).toBe(404);
    expect(await librarySnapshot(database.db)).toEqual(before);
  });
});

describe("folders and tags are private", () => {
  it.each([
    ["visitor", 401],
    ["userA", 200],
    ["userB", 404],
    ["admin", 404],
  ] as const)("renaming A's folder as %s → %i, and deleting it likewise", async (actor, status) => {
    const world = await createWorld();
    const before = await librarySnapshot(database.db);
    const rename = await app.request(
      `/api/v1/folders/${world.folder.id}`,
      asActor(actors[actor], { method: "PATCH", json: { name: "Renamed" } }),
    );
    expect(rename.status).toBe(status);
    const remove = await app.request(
      `/api/v1/folders/${world.folder.id}?prompts=delete`,
      asActor(actors[actor], { method: "DELETE" }),
    );
    expect(remove.status).toBe(status === 200 ? 204 : status);
    if (status !== 200) expect(await librarySnapshot(database.db)).toEqual(before);
  });

  it.each([
    ["visitor", 401],
    ["userA", 204],
    ["userB", 404],
    ["admin", 404],
  ] as const)("renaming and deleting A's tag as %s → %i", async (actor, status) => {
    const world = await createWorld();
    const before = await librarySnapshot(database.db);
    const rename = await app.request(
      `/api/v1/tags/${world.tag.name}`,
      asActor(actors[actor], { method: "PATCH", json: { name: `${world.tag.name}x` } }),
    );
    expect(rename.status).toBe(status);
    const remove = await app.request(
      `/api/v1/tags/${world.tag.name}x`,
      asActor(actors[actor], { method: "DELETE" }),
    );
    expect(remove.status).toBe(status);
    if (status !== 204) expect(await librarySnapshot(database.db)).toEqual(before);
  });

  it("lists show each person only their own folders, tags, stars and filters", async () => {
    const world = await createWorld();
    for (const actor of ["userB", "admin"] as const) {
      const folderList = await (
        await app.request("/api/v1/folders", asActor(actors[actor]))
      ).json();
      expect(JSON.stringify(folderList)).not.toContain(world.folder.id);
      const tagList = await (await app.request("/api/v1/tags", asActor(actors[actor]))).json();
      expect(JSON.stringify(tagList)).not.toContain(world.tag.name);
      for (const query of [`folder=${world.folder.id}`, `tag=${world.tag.name}`, "starred=1"]) {
        for (const scope of ["community", "all", "favourites"]) {
          if (scope === "all" && actor !== "admin") continue;
          const res = await app.request(
            `/api/v1/prompts?scope=${scope}&${query}`,
            asActor(actors[actor]),
          );
          const body = (await res.json()) as {
            items: { id: string; tags: string[]; folderId: string | null; isFavourite: boolean }[];
          };
          expect(body.items.map((item) => item.id)).not.toContain(world.ids.aShared);
          expect(body.items.map((item) => item.id)).not.toContain(world.ids.aPersonal);
        }
      }
      const shared = (await (
        await app.request(`/api/v1/prompts/${world.ids.aShared}`, asActor(actors[actor]))
      ).json()) as {
        tags: string[];
        folderId: string | null;
      };
      expect(shared.tags).toEqual([]);
      expect(shared.folderId).toBeNull();
    }
    const own = (await (
      await app.request(`/api/v1/prompts/${world.ids.aPersonal}`, asActor(actors.userA))
    ).json()) as {
      tags: string[];
      folderId: string;
      isFavourite: boolean;
    };
    expect(own).toMatchObject({
      tags: [world.tag.name],
      folderId: world.folder.id,
      isFavourite: true,
    });
  });
});

describe("deleting a prompt", () => {
  it("removes its tags and stars, leaving nothing dangling", async () => {
    const world = await createWorld();
    const res = await app.request(
      `/api/v1/prompts/${world.ids.aPersonal}`,
      asActor(actors.userA, { method: "DELETE" }),
    );
    expect(res.status).toBe(204);
    const after = await librarySnapshot(database.db);
    expect(after.promptTags.some((row) => row.promptId === world.ids.aPersonal)).toBe(false);
    expect(after.favourites.some((row) => row.promptId === world.ids.aPersonal)).toBe(false);
    expect(after.tags.some((row) => row.id === world.tag.id)).toBe(true);
  });
});
