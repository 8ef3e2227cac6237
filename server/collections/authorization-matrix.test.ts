import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionPath } from "../../shared/public-address.ts";
import {
  type Actor,
  type ActorName,
  asActor,
  type Credential,
  createActors,
} from "../../tests/support/actors.ts";
import { createPrompt, viewerFor } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collectionStars, collections, profiles, prompts } from "../db/schema.ts";
import { createAccessToken } from "../tokens/access-tokens.ts";

/**
 * Who may do what with collections and public profiles, as the prompts' matrix does for prompts
 * (server/prompts/authorization-matrix.test.ts): every operation as a visitor, the owner (user
 * A), another person (user B) and an administrator, by session and by access token.
 */
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;
const tokens = {} as Record<ActorName, Record<"read" | "write", string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, env: { ADMIN_EMAILS: "admin@example.com" } });
  actors = await createActors(database.db);
  for (const actor of Object.values(actors)) {
    const issue = async (scope: "read" | "write") => {
      if (!actor.userId) return "ps_neverIssued0000000000000000000000000000000";
      const isAdmin = actor.name === "admin";
      const viewer = viewerFor(
        { id: actor.userId, email: isAdmin ? "admin@example.com" : "x@example.com" },
        isAdmin,
      );
      const input = { name: scope, scope, expiresInDays: null, admin: isAdmin };
      return (await createAccessToken({ db: database.db, viewer, input })).token;
    };
    tokens[actor.name] = { read: await issue("read"), write: await issue("write") };
  }
});
afterAll(async () => {
  await database.close();
});

type Target = "aPublic" | "aPrivate";

/**
 * A fresh public and private collection of user A's, each holding one shared prompt; the last
 * cell's go first, so A stays within collectionsPerPerson.
 */
async function createTargets() {
  const owner = actors.userA.userId as string;
  await database.db.delete(collections).where(eq(collections.userId, owner));
  const inside = await createPrompt(database.db, { userId: actors.userB.userId, isShared: true });
  const made = await database.db
    .insert(collections)
    .values([
      { userId: owner, title: "A's public set", isPublic: true },
      { userId: owner, title: "A's private set", isPublic: false },
    ])
    .returning();
  const [aPublic, aPrivate] = made as [(typeof made)[number], (typeof made)[number]];
  await database.db.insert(collectionItems).values([
    { collectionId: aPublic.id, promptId: inside.id, position: 0 },
    { collectionId: aPrivate.id, promptId: inside.id, position: 0 },
  ]);
  return { aPublic, aPrivate };
}

/** Every collection, item and star: what a refused request must leave exactly as it was. */
const snapshot = async () => ({
  collections: await database.db.select().from(collections).orderBy(asc(collections.id)),
  items: await database.db
    .select()
    .from(collectionItems)
    .orderBy(asc(collectionItems.collectionId), asc(collectionItems.promptId)),
  stars: await database.db
    .select()
    .from(collectionStars)
    .orderBy(asc(collectionStars.collectionId), asc(collectionStars.userId)),
  copies: await database.db.select({ id: prompts.id }).from(prompts).orderBy(asc(prompts.id)),
});

type Operation = "view" | "edit" | "delete" | "addShared" | "addPersonal" | "star" | "saveAll";

// A private collection is "not found" to anyone but its owner and administrators; one anyone
// can see but only its owner change is "forbidden" to others. A personal prompt never goes into
// a collection: its owner hears why; nobody else learns it exists.
const matrix: Record<Operation, Record<Target, Record<ActorName, number>>> = {
  view: {
    aPublic: { visitor: 401, userA: 200, userB: 200, admin: 200 },
    aPrivate: { visitor: 401, userA: 200, userB: 404, admin: 200 },
  },
  edit: {
    aPublic: { visitor: 401, userA: 200, userB: 403, admin: 200 },
    aPrivate: { visitor: 401, userA: 200, userB: 404, admin: 200 },
  },
  delete: {
    aPublic: { visitor: 401, userA: 204, userB: 403, admin: 204 },
    aPrivate: { visitor: 401, userA: 204, userB: 404, admin: 204 },
  },
  addShared: {
    aPublic: { visitor: 401, userA: 201, userB: 403, admin: 201 },
    aPrivate: { visitor: 401, userA: 201, userB: 404, admin: 201 },
  },
  addPersonal: {
    aPublic: { visitor: 401, userA: 400, userB: 403, admin: 400 },
    aPrivate: { visitor: 401, userA: 400, userB: 404, admin: 400 },
  },
  star: {
    aPublic: { visitor: 401, userA: 204, userB: 204, admin: 204 },
    aPrivate: { visitor: 401, userA: 204, userB: 404, admin: 204 },
  },
  saveAll: {
    aPublic: { visitor: 401, userA: 200, userB: 200, admin: 200 },
    aPrivate: { visitor: 401, userA: 200, userB: 404, admin: 200 },
  },
};

const writes = new Set<Operation>([
  "edit",
  "delete",
  "addShared",
  "addPersonal",
  "star",
  "saveAll",
]);

async function requestFor(
  operation: Operation,
  id: string,
  actor: Actor,
  credential: Credential,
): Promise<[string, RequestInit]> {
  const path = `/api/v1/collections/${id}`;
  const as = (method: string, json?: unknown) => asActor(actor, { method, json, credential });
  switch (operation) {
    case "view":
      return [path, as("GET")];
    case "edit":
      return [path, as("PATCH", { title: "Renamed" })];
    case "delete":
      return [path, as("DELETE")];
    case "addShared": {
      const prompt = await createPrompt(database.db, {
        userId: actors.admin.userId,
        isShared: true,
      });
      return [`${path}/items`, as("POST", { promptId: prompt.id })];
    }
    case "addPersonal": {
      const prompt = await createPrompt(database.db, {
        userId: actors.userA.userId,
        isShared: false,
      });
      return [`${path}/items`, as("POST", { promptId: prompt.id })];
    }
    case "star":
      return [`${path}/star`, as("PUT")];
    case "saveAll":
      return [`${path}/save`, as("POST")];
  }
}

type CredentialName = "session" | "read token" | "write token";

/** A read token's writes are 403 before anything is looked up, so it learns nothing either. */
function expectedWith(credential: CredentialName, operation: Operation, status: number) {
  if (credential === "read token" && writes.has(operation) && status !== 401) return 403;
  return status;
}

const cells = (["session", "write token", "read token"] as const).flatMap((credential) =>
  Object.entries(matrix).flatMap(([operation, byTarget]) =>
    Object.entries(byTarget).flatMap(([target, byActor]) =>
      Object.entries(byActor).map(([actor, status]) => ({
        operation: operation as Operation,
        target: target as Target,
        actor: actor as ActorName,
        credential,
        status: expectedWith(credential, operation as Operation, status),
      })),
    ),
  ),
);

const errorCodes: Record<number, string> = {
  400: "invalid_input",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
};

describe("API: collections", () => {
  it.each(cells)(
    "$operation $target as $actor with $credential → $status",
    async ({ operation, target, actor, credential, status }) => {
      const made = await createTargets();
      const collection = made[target];
      const sent: Credential =
        credential === "session"
          ? "session"
          : { token: tokens[actor][credential === "read token" ? "read" : "write"] };
      const request = await requestFor(operation, collection.id, actors[actor], sent);
      const before = await snapshot();
      const res = await app.request(...request);
      expect(res.status).toBe(status);
      if (status >= 400) {
        const body = (await res.json()) as { error: { code: string; detail?: string } };
        expect(body.error.code).toBe(errorCodes[status]);
        if (status === 404) expect(body.error.detail).toBe("collection_not_found");
        if (status === 400) expect(body.error.detail).toBe("prompt_not_shared");
        expect(await snapshot()).toEqual(before);
      } else if (operation === "view") {
        expect(((await res.json()) as { id: string }).id).toBe(collection.id);
      } else if (operation === "edit") {
        expect(await res.json()).toMatchObject({ id: collection.id, title: "Renamed" });
      } else if (operation === "delete") {
        const [row] = await database.db
          .select()
          .from(collections)
          .where(eq(collections.id, collection.id));
        expect(row).toBeUndefined();
      } else if (operation === "addShared") {
        const count = await database.db.$count(
          collectionItems,
          eq(collectionItems.collectionId, collection.id),
        );
        expect(count).toBe(2);
      } else if (operation === "star") {
        const stars = await database.db
          .select()
          .from(collectionStars)
          .where(eq(collectionStars.collectionId, collection.id));
        expect(stars.map((star) => star.userId)).toEqual([actors[actor].userId]);
      } else {
        // Saving a collection whose one prompt is the administrator's copies it; user B's own
        // prompt is already in B's library.
        expect(await res.json()).toEqual(
          actor === "userB" ? { saved: 0, alreadyInLibrary: 1 } : { saved: 1, alreadyInLibrary: 0 },
        );
      }
    },
  );
});

describe("pages: the same answer for everyone", () => {
  const people: ActorName[] = ["visitor", "userA", "userB", "admin"];

  it.each(people)(
    "a public collection's page is 200 and a private one's 404, as %s",
    async (name) => {
      const { aPublic, aPrivate } = await createTargets();
      const init = asActor(actors[name]);
      expect((await app.request(collectionPath(aPublic), init)).status).toBe(200);
      expect((await app.request(collectionPath(aPrivate), init)).status).toBe(404);
    },
  );

  it.each(people)("a profile's page is 200 when on and 404 when off, as %s", async (name) => {
    const owner = actors.userA.userId as string;
    const handle = `matrix-${name.toLowerCase()}`;
    const set = (isPublic: boolean) =>
      database.db
        .update(profiles)
        .set({ isPublic, handle, displayName: "A" })
        .where(eq(profiles.id, owner));
    await set(true);
    expect((await app.request(`/u/${handle}`, asActor(actors[name]))).status).toBe(200);
    await set(false);
    // Off: not even its owner sees it on the public page (Settings is where they change it).
    // From an app that kept nothing: a kept page goes when the database announces the change.
    const fresh = await createTestApp({ db: database.db });
    expect((await fresh.request(`/u/${handle}`, asActor(actors[name]))).status).toBe(404);
  });
});

describe("API: profile settings are each person's own", () => {
  it.each(["userA", "userB", "admin"] as const)(
    "%s reads and changes only their own",
    async (name) => {
      const a = actors.userA.userId as string;
      await database.db
        .update(profiles)
        .set({ isPublic: true, handle: "owner-a", displayName: "A" })
        .where(eq(profiles.id, a));
      const handle = `own-${name.toLowerCase()}`;
      const put = await app.request(
        "/api/v1/profile",
        asActor(actors[name], {
          method: "PUT",
          json: { isPublic: true, handle, displayName: "Mine", showAvatar: false },
        }),
      );
      expect(put.status).toBe(200);
      const [row] = await database.db
        .select()
        .from(profiles)
        .where(eq(profiles.id, actors[name].userId as string));
      expect(row?.handle).toBe(handle);
      if (name !== "userA") {
        const [untouched] = await database.db.select().from(profiles).where(eq(profiles.id, a));
        expect(untouched?.handle).toBe("owner-a");
      }
      const read = await app.request("/api/v1/profile", asActor(actors[name]));
      expect(((await read.json()) as { handle: string }).handle).toBe(handle);
    },
  );

  it("a visitor is 401, and a read token may read but not change", async () => {
    expect((await app.request("/api/v1/profile", asActor(actors.visitor))).status).toBe(401);
    const readToken = { token: tokens.userB.read };
    expect(
      (await app.request("/api/v1/profile", asActor(actors.userB, { credential: readToken })))
        .status,
    ).toBe(200);
    const put = await app.request(
      "/api/v1/profile",
      asActor(actors.userB, {
        method: "PUT",
        json: { isPublic: false, handle: null, displayName: null, showAvatar: false },
        credential: readToken,
      }),
    );
    expect(put.status).toBe(403);
  });
});
