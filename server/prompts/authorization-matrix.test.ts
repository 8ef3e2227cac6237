import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promptPath, shortId } from "../../shared/public-address.ts";
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
import { rowsOf } from "../db/rows.ts";
import { prompts, promptVersions } from "../db/schema.ts";
import { createAccessToken } from "../tokens/access-tokens.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;
/** Each actor's access tokens, read-only and read-write; the administrator's carry admin rights. */
const tokens = {} as Record<ActorName, Record<"read" | "write", string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, env: { ADMIN_EMAILS: "admin@example.com" } });
  actors = await createActors(database.db);
  for (const actor of Object.values(actors)) {
    const issue = async (scope: "read" | "write") => {
      if (!actor.userId) return "ps_neverIssued0000000000000000000000000000000";
      const viewer = viewerFor(
        { id: actor.userId, email: actor.name === "admin" ? "admin@example.com" : "x@example.com" },
        actor.name === "admin",
      );
      const input = { name: scope, scope, expiresInDays: null, admin: actor.name === "admin" };
      return (await createAccessToken({ db: database.db, viewer, input })).token;
    };
    tokens[actor.name] = { read: await issue("read"), write: await issue("write") };
  }
});
afterAll(async () => {
  await database.close();
});

type Target = "aPersonal" | "aShared" | "adminShared";

/** Each target's text at version 1, by id: the text its history keeps. */
const firstTexts = new Map<string, string>();

/** A prompt edited once since it was made: version 2, with version 1 in its history. */
async function promptWithHistory(values: Parameters<typeof createPrompt>[1]) {
  const prompt = await createPrompt(database.db, values);
  firstTexts.set(prompt.id, prompt.promptText);
  await database.db
    .update(prompts)
    .set({ promptText: `${prompt.promptText}, edited` })
    .where(eq(prompts.id, prompt.id));
  return prompt;
}

/** Fresh objects for each cell, owned by user A and by the administrator, each at version 2. */
async function createTargets(): Promise<Record<Target, string>> {
  const aPersonal = await promptWithHistory({ userId: actors.userA.userId, isShared: false });
  const aShared = await promptWithHistory({ userId: actors.userA.userId, isShared: true });
  const adminShared = await promptWithHistory({
    userId: actors.admin.userId,
    isShared: true,
    createdByAdmin: true,
  });
  return { aPersonal: aPersonal.id, aShared: aShared.id, adminShared: adminShared.id };
}

/**
 * Every prompt and every kept version, as a count and a digest of all their columns: what a
 * refused request must leave exactly as it was. Taken in the database: the tables grow by a few
 * prompts a cell, and reading them whole into the test twice a cell made the file quadratic.
 */
const snapshot = async () => {
  const [digest] = rowsOf<{ prompts: string; versions: string }>(
    await database.db.execute(sql`select
      (select count(*) || ':' || md5(coalesce(string_agg(p::text, '|' order by p.id), ''))
         from ${prompts} p) as prompts,
      (select count(*) || ':' || md5(coalesce(string_agg(v::text, '|' order by v.prompt_id, v.number), ''))
         from ${promptVersions} v) as versions`),
  );
  return digest;
};

/** One prompt's row and its kept versions, as they stand. */
async function stored(id: string) {
  const [row] = await database.db.select().from(prompts).where(eq(prompts.id, id));
  const versions = await database.db
    .select()
    .from(promptVersions)
    .where(eq(promptVersions.promptId, id))
    .orderBy(asc(promptVersions.number));
  return { row, versions };
}

const errorCodes: Record<number, string> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
};

/**
 * A refusal: the error code its status calls for; a 404 says which thing was not found
 * (prompt_not_found unless the cell says otherwise); and nothing stored changed.
 */
async function expectRefused(
  res: Response,
  status: number,
  before: Awaited<ReturnType<typeof snapshot>>,
  detail = "prompt_not_found",
) {
  const body = (await res.json()) as { error: { code: string; detail?: string } };
  expect(body.error.code).toBe(errorCodes[status]);
  if (status === 404) expect(body.error.detail).toBe(detail);
  if (detail === "token_read_only") expect(body.error.detail).toBe(detail);
  expect(await snapshot()).toEqual(before);
}

type Operation = "get" | "patch" | "delete" | "history" | "version" | "restore";

// Expected status for every operation, actor and target. A prompt's history (its version list,
// one earlier version) is for whoever can see the prompt; restoring one is for whoever may edit
// it. Another person's personal prompt is "not found" however it is asked for.
const matrix: Record<Operation, Record<Target, Record<ActorName, number>>> = {
  get: {
    aPersonal: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aShared: { visitor: 401, userA: 200, userB: 200, admin: 200 },
    adminShared: { visitor: 401, userA: 200, userB: 200, admin: 200 },
  },
  patch: {
    aPersonal: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aShared: { visitor: 401, userA: 200, userB: 403, admin: 200 },
    adminShared: { visitor: 401, userA: 403, userB: 403, admin: 200 },
  },
  delete: {
    aPersonal: { visitor: 401, userA: 204, userB: 404, admin: 204 },
    aShared: { visitor: 401, userA: 204, userB: 403, admin: 204 },
    adminShared: { visitor: 401, userA: 403, userB: 403, admin: 204 },
  },
  history: {
    aPersonal: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aShared: { visitor: 401, userA: 200, userB: 200, admin: 200 },
    adminShared: { visitor: 401, userA: 200, userB: 200, admin: 200 },
  },
  version: {
    aPersonal: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aShared: { visitor: 401, userA: 200, userB: 200, admin: 200 },
    adminShared: { visitor: 401, userA: 200, userB: 200, admin: 200 },
  },
  restore: {
    aPersonal: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aShared: { visitor: 401, userA: 200, userB: 403, admin: 200 },
    adminShared: { visitor: 401, userA: 403, userB: 403, admin: 200 },
  },
};

const cells = Object.entries(matrix).flatMap(([operation, byTarget]) =>
  Object.entries(byTarget).flatMap(([target, byActor]) =>
    Object.entries(byActor).map(([actor, status]) => ({
      operation: operation as Operation,
      target: target as Target,
      actor: actor as ActorName,
      status,
    })),
  ),
);

/** The request each operation sends, as the actor's browser would (or with a token instead). */
function requestFor(
  operation: Operation,
  id: string,
  actor: Actor,
  credential: Credential = "session",
): [string, RequestInit] {
  const path = `/api/v1/prompts/${id}`;
  switch (operation) {
    case "get":
      return [path, asActor(actor, { credential })];
    case "patch":
      return [
        path,
        asActor(actor, {
          method: "PATCH",
          json: { promptText: "changed", useCase: "edited" },
          credential,
        }),
      ];
    case "delete":
      return [path, asActor(actor, { method: "DELETE", credential })];
    case "history":
      return [`${path}/versions`, asActor(actor, { credential })];
    case "version":
      return [`${path}/versions/1`, asActor(actor, { credential })];
    case "restore":
      return [`${path}/versions/1/restore`, asActor(actor, { method: "POST", credential })];
  }
}

const writes = new Set<Operation>(["patch", "delete", "restore"]);
type CredentialName = "session" | "read token" | "write token";

/**
 * A write token may do all its person may; a read token's writes are 403 before anything is
 * looked up, so even another person's prompt is refused the same way and says nothing of it.
 */
function expectedWith(credential: CredentialName, operation: Operation, status: number) {
  if (credential === "read token" && writes.has(operation) && status !== 401) return 403;
  return status;
}

const credentialCells = (["session", "write token", "read token"] as const).flatMap((credential) =>
  cells.map((cell) => ({
    ...cell,
    credential,
    status: expectedWith(credential, cell.operation, cell.status),
  })),
);

describe("API: one prompt", () => {
  it.each(credentialCells)(
    "$operation $target as $actor with $credential → $status",
    async ({ operation, target, actor, credential, status }) => {
      const ids = await createTargets();
      const id = ids[target];
      const before = await snapshot();
      const sent: Credential =
        credential === "session"
          ? "session"
          : { token: tokens[actor][credential === "read token" ? "read" : "write"] };
      const res = await app.request(...requestFor(operation, id, actors[actor], sent));
      expect(res.status).toBe(status);

      if (status >= 400) {
        const readOnly = credential === "read token" && status === 403 && writes.has(operation);
        await expectRefused(res, status, before, readOnly ? "token_read_only" : undefined);
      } else if (operation === "get") {
        expect(((await res.json()) as { id: string }).id).toBe(id);
      } else if (operation === "patch") {
        expect(await res.json()).toMatchObject({
          promptText: "changed",
          title: "edited",
          category: "edited",
          version: 3,
        });
      } else if (operation === "delete") {
        const after = await stored(id);
        expect(after.row).toBeUndefined();
        expect(after.versions).toEqual([]);
      } else if (operation === "history") {
        expect(await res.json()).toMatchObject({
          promptId: id,
          current: 2,
          oldestKept: 1,
          versions: [{ number: 2 }, { number: 1 }],
        });
      } else if (operation === "version") {
        expect(await res.json()).toMatchObject({ number: 1, promptText: firstTexts.get(id) });
      } else {
        expect(await res.json()).toMatchObject({ promptText: firstTexts.get(id), version: 3 });
        const after = await stored(id);
        expect(after.versions).toHaveLength(2);
        expect(after.row).toMatchObject({
          versionRestoredFrom: 1,
          versionAuthorId: actors[actor].userId,
        });
      }
    },
  );
});

type CopyTarget = "aCopyOfAdminShared" | "aCopyOfOwn" | "bCopyOfHidden" | "aPersonal";

/**
 * Saved copies, each taken at its original's version 1 before the original moved to version 2:
 * A's copy of the administrator's shared prompt; A's copy of A's own personal prompt; B's copy
 * of A's personal prompt, which B can no longer see (B saved it while an administrator); and a
 * prompt of A's that is no copy at all.
 */
async function createCopies(): Promise<Record<CopyTarget, { id: string; originalId: string }>> {
  const copyOf = async (original: { id: string }, userId: string | null) => {
    const copy = await createPrompt(database.db, {
      userId,
      isShared: false,
      promptText: firstTexts.get(original.id),
      sourcePromptId: original.id,
      sourceVersion: 1,
    });
    return { id: copy.id, originalId: original.id };
  };
  const adminShared = await createPrompt(database.db, {
    userId: actors.admin.userId,
    isShared: true,
    createdByAdmin: true,
  });
  const aPersonal = await createPrompt(database.db, {
    userId: actors.userA.userId,
    isShared: false,
  });
  const aOther = await createPrompt(database.db, { userId: actors.userA.userId, isShared: false });
  for (const original of [adminShared, aPersonal]) firstTexts.set(original.id, original.promptText);
  const copies = {
    aCopyOfAdminShared: await copyOf(adminShared, actors.userA.userId),
    aCopyOfOwn: await copyOf(aPersonal, actors.userA.userId),
    bCopyOfHidden: await copyOf(aPersonal, actors.userB.userId),
    aPersonal: { id: aOther.id, originalId: "" },
  };
  for (const original of [adminShared, aPersonal]) {
    await database.db
      .update(prompts)
      .set({ promptText: `${original.promptText}, edited` })
      .where(eq(prompts.id, original.id));
  }
  return copies;
}

type UpstreamOperation = "readUpstream" | "takeOriginal" | "keepMine";

/** Not found because the original is gone or hidden from the viewer, not the copy. */
const originalHidden = "404 original_not_found";

// Expected status for every operation on a saved copy, by actor. A copy's original is read by
// whoever can see the copy and applied by whoever may change it, only while they can also see
// the original; a copy you cannot see is "not found" whatever its original is, even to the
// original's owner.
const upstreamMatrix: Record<
  UpstreamOperation,
  Record<CopyTarget, Record<ActorName, number | typeof originalHidden>>
> = {
  readUpstream: {
    aCopyOfAdminShared: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aCopyOfOwn: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    bCopyOfHidden: { visitor: 401, userA: 404, userB: originalHidden, admin: 200 },
    aPersonal: { visitor: 401, userA: originalHidden, userB: 404, admin: originalHidden },
  },
  takeOriginal: {
    aCopyOfAdminShared: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aCopyOfOwn: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    bCopyOfHidden: { visitor: 401, userA: 404, userB: originalHidden, admin: 200 },
    aPersonal: { visitor: 401, userA: originalHidden, userB: 404, admin: originalHidden },
  },
  keepMine: {
    aCopyOfAdminShared: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    aCopyOfOwn: { visitor: 401, userA: 200, userB: 404, admin: 200 },
    bCopyOfHidden: { visitor: 401, userA: 404, userB: originalHidden, admin: 200 },
    aPersonal: { visitor: 401, userA: originalHidden, userB: 404, admin: originalHidden },
  },
};

const upstreamCells = Object.entries(upstreamMatrix).flatMap(([operation, byTarget]) =>
  Object.entries(byTarget).flatMap(([target, byActor]) =>
    Object.entries(byActor).map(([actor, expected]) => ({
      operation: operation as UpstreamOperation,
      target: target as CopyTarget,
      actor: actor as ActorName,
      expected,
    })),
  ),
);

describe("API: a saved copy and its original", () => {
  it.each(upstreamCells)(
    "$operation $target as $actor → $expected",
    async ({ operation, target, actor, expected }) => {
      const copies = await createCopies();
      const { id, originalId } = copies[target];
      const before = await snapshot();
      const path = `/api/v1/prompts/${id}/upstream`;
      const take = operation === "takeOriginal" ? "original" : "mine";
      const res = await app.request(
        path,
        operation === "readUpstream"
          ? asActor(actors[actor])
          : asActor(actors[actor], { method: "POST", json: { take, version: 2 } }),
      );
      const status = expected === originalHidden ? 404 : expected;
      expect(res.status).toBe(status);
      if (status >= 400) {
        const detail = expected === originalHidden ? "original_not_found" : undefined;
        return expectRefused(res, status, before, detail);
      }

      const originalText = `${firstTexts.get(originalId)}, edited`;
      const { row: copy, versions: copyVersions } = await stored(id);
      if (operation === "readUpstream") {
        expect(await res.json()).toMatchObject({
          original: { id: originalId },
          fromVersion: 1,
          from: { number: 1, promptText: firstTexts.get(originalId) },
          current: { number: 2, promptText: originalText },
          copy: { promptText: firstTexts.get(originalId) },
          edited: false,
        });
        expect(await snapshot()).toEqual(before);
      } else if (operation === "takeOriginal") {
        expect(await res.json()).toMatchObject({ id, promptText: originalText, version: 2 });
        expect(copy).toMatchObject({
          promptText: originalText,
          sourceVersion: 2,
          versionAuthorId: actors[actor].userId,
        });
        expect(copyVersions.map((row) => row.promptText)).toEqual([firstTexts.get(originalId)]);
      } else {
        expect(await res.json()).toMatchObject({ id, promptText: firstTexts.get(originalId) });
        expect(copy).toMatchObject({
          promptText: firstTexts.get(originalId),
          sourceVersion: 2,
          version: 1,
        });
        expect(copyVersions).toEqual([]);
      }
    },
  );

  it("a copy's card says nothing of an original its owner cannot see, not even that it changed", async () => {
    const { bCopyOfHidden, aCopyOfOwn } = await createCopies();
    const card = async (actor: Actor, id: string) =>
      (await (await app.request(`/api/v1/prompts/${id}`, asActor(actor))).json()) as {
        upstream: string | null;
      };
    // The original moved on since both copies were taken; only A, who can see it, hears so.
    expect((await card(actors.userA, aCopyOfOwn.id)).upstream).toBe("updated");
    expect((await card(actors.userB, bCopyOfHidden.id)).upstream).toBe("removed");
    const listed = await app.request(
      "/api/v1/prompts?scope=personal&limit=100",
      asActor(actors.userB),
    );
    const items = ((await listed.json()) as { items: { id: string; upstream: string | null }[] })
      .items;
    expect(items.find((item) => item.id === bCopyOfHidden.id)?.upstream).toBe("removed");
    // Someone else's copy has no standing for the person looking, administrator or not.
    expect((await card(actors.admin, bCopyOfHidden.id)).upstream).toBeNull();
  });
});

describe("API: creating", () => {
  it.each([
    ["visitor", 401],
    ["userA", 201],
    ["userB", 201],
    ["admin", 201],
  ] as const)("as %s → %i", async (actor, status) => {
    const before = await snapshot();
    const res = await app.request(
      "/api/v1/prompts",
      asActor(actors[actor], {
        method: "POST",
        json: { promptText: "A new prompt", shared: false },
      }),
    );
    expect(res.status).toBe(status);
    if (status === 401) expect(await snapshot()).toEqual(before);
    else
      expect(await res.json()).toMatchObject({ isOwn: true, isShared: false, title: "Untitled" });
  });
});

describe("API: lists, search and pagination never show another person's personal prompt", () => {
  async function everyPage(actor: Actor, query: string) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 500; page++) {
      const url = `/api/v1/prompts?${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await app.request(url, asActor(actor));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error("pagination did not end");
  }

  it("for every actor and scope", async () => {
    const secretWord = `secret${Date.now()}`;
    // A second apart: rows written within one millisecond would tie on time and order by id.
    const secret = await createPrompt(database.db, {
      userId: actors.userA.userId,
      isShared: false,
      promptText: `A private note about ${secretWord}`,
      createdAt: new Date(Date.now() - 1000),
    });
    const shared = await createPrompt(database.db, {
      userId: actors.userA.userId,
      isShared: true,
      promptText: `A shared note about ${secretWord}`,
    });

    for (const query of [
      "scope=community",
      `scope=community&q=${secretWord}`,
      "scope=personal",
      `scope=personal&q=${secretWord}`,
    ]) {
      const forB = await everyPage(actors.userB, query);
      expect(forB).not.toContain(secret.id);
      const forAdmin = await everyPage(actors.admin, query);
      expect(forAdmin).not.toContain(secret.id);
    }
    expect(await everyPage(actors.userA, "scope=personal")).toContain(secret.id);
    expect(await everyPage(actors.userA, `scope=personal&q=${secretWord}`)).toEqual([secret.id]);
    expect(await everyPage(actors.userB, `scope=community&q=${secretWord}`)).toEqual([shared.id]);
    expect(await everyPage(actors.admin, `scope=all&q=${secretWord}`)).toEqual([
      shared.id,
      secret.id,
    ]);

    for (const actor of ["userA", "userB"] as const) {
      const res = await app.request("/api/v1/prompts?scope=all", asActor(actors[actor]));
      expect(res.status).toBe(403);
    }
    for (const scope of ["personal", "community", "all"]) {
      const res = await app.request(`/api/v1/prompts?scope=${scope}`, asActor(actors.visitor));
      expect(res.status).toBe(401);
    }
  });
});

describe("API: the palette's search shows your own prompts and shared ones, never another person's", () => {
  it("for every actor, by cookie and by read token, even when asked to look among that prompt", async () => {
    const secretWord = `palette${Date.now()}`;
    const secret = await createPrompt(database.db, {
      userId: actors.userA.userId,
      isShared: false,
      promptText: `A private note about ${secretWord}`,
    });
    const shared = await createPrompt(database.db, {
      userId: actors.userA.userId,
      isShared: true,
      promptText: `A shared note about ${secretWord}`,
    });
    const queries = [
      new URLSearchParams({ q: secretWord }),
      new URLSearchParams({ q: secretWord, within: secret.id, withinQ: secretWord }),
    ];
    const seen = async (init: RequestInit, query: URLSearchParams) => {
      const res = await app.request(`/api/v1/palette?${query}`, init);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { own: { id: string }[]; community: { id: string }[] };
      return {
        own: body.own.map((item) => item.id),
        community: body.community.map((item) => item.id),
      };
    };
    for (const query of queries) {
      for (const actor of ["userA", "userB", "admin"] as const) {
        const byCookie = await seen(asActor(actors[actor]), query);
        const byToken = await seen(
          { headers: { authorization: `Bearer ${tokens[actor].read}` } },
          query,
        );
        expect(byToken).toEqual(byCookie);
        expect(byCookie.community).toEqual([shared.id]);
        expect(byCookie.own).toEqual(actor === "userA" ? [secret.id] : []);
      }
      const visitor = await app.request(`/api/v1/palette?${query}`, asActor(actors.visitor));
      expect(visitor.status).toBe(401);
    }
  });
});

/** A form post from the page, as a browser without JavaScript sends it. */
function formPost(actor: Actor, fields: Record<string, string>): RequestInit {
  const init = asActor(actor, { method: "POST" });
  return {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  };
}

const pages = ["/dashboard", "/central", "/community", "/claude-prompts"];
const pageCells = pages.flatMap((page) =>
  (["patch", "delete"] as const).flatMap((operation) =>
    Object.entries(matrix[operation] ?? {}).flatMap(([target, byActor]) =>
      Object.entries(byActor).map(([actor, status]) => ({
        page,
        operation,
        target: target as Target,
        actor: actor as ActorName,
        status: status === 204 ? 200 : status,
      })),
    ),
  ),
);

describe("page actions: change and delete", () => {
  it.each(pageCells)(
    "$operation $target on $page as $actor → $status",
    async ({ page, operation, target, actor, status }) => {
      const ids = await createTargets();
      const before = await snapshot();
      const fields: Record<string, string> =
        operation === "patch"
          ? { intent: "update", id: ids[target], promptText: "changed by form", useCase: "form" }
          : { intent: "delete", id: ids[target] };
      const res = await app.request(page, formPost(actors[actor], fields));
      expect(res.status).toBe(status);
      if (status >= 400) expect(await snapshot()).toEqual(before);
      else if (operation === "delete") expect((await stored(ids[target])).row).toBeUndefined();
      else expect((await stored(ids[target])).row?.promptText).toBe("changed by form");
    },
  );
});

describe("page actions: creating", () => {
  it.each(
    pages.flatMap((page) =>
      (["visitor", "userA", "admin"] as const).map((actor) => ({
        page,
        actor,
        status: actor === "visitor" ? 401 : 200,
      })),
    ),
  )("on $page as $actor → $status", async ({ page, actor, status }) => {
    const before = await snapshot();
    const res = await app.request(
      page,
      formPost(actors[actor], { intent: "create", promptText: `From ${page}` }),
    );
    expect(res.status).toBe(status);
    if (status === 401) {
      expect(await snapshot()).toEqual(before);
    } else {
      const created = await database.db
        .select()
        .from(prompts)
        .where(
          and(
            eq(prompts.promptText, `From ${page}`),
            eq(prompts.userId, actors[actor].userId ?? ""),
          ),
        );
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        promptText: `From ${page}`,
        isShared: page !== "/dashboard",
      });
    }
  });

  it.each([
    ["visitor", 302],
    ["userA", 302],
    ["userB", 302],
    ["admin", 200],
  ] as const)("the admin page's form as %s → %i", async (actor, status) => {
    const ids = await createTargets();
    const before = await snapshot();
    const create = await app.request(
      "/admin",
      formPost(actors[actor], {
        intent: "create",
        useCase: "global",
        promptText: "A global prompt",
      }),
    );
    expect(create.status).toBe(status);
    const remove = await app.request(
      "/admin",
      formPost(actors[actor], { intent: "delete", id: ids.aShared }),
    );
    expect(remove.status).toBe(status);
    if (status === 302) {
      expect(create.headers.get("location")).toBe("/dashboard");
      expect(await snapshot()).toEqual(before);
    } else {
      expect((await stored(ids.aShared)).row).toBeUndefined();
      const globals = await database.db
        .select()
        .from(prompts)
        .where(eq(prompts.promptText, "A global prompt"));
      expect(globals.some((row) => row.isShared && row.createdByAdmin)).toBe(true);
    }
  });
});

describe("pages never render another person's personal prompt", () => {
  it("in any list, search or page", async () => {
    const secretWord = `hidden${Date.now()}`;
    // Searched for by word; the tail only appears if the prompt itself is rendered.
    const secretTail = `tail${Math.random().toString(36).slice(2)}`;
    // An earlier version, kept only in the prompt's history since A edited it.
    const earlierWord = `earlier${Date.now()}`;
    const earlierTail = `tail${Math.random().toString(36).slice(2)}`;
    const secret = await createPrompt(database.db, {
      userId: actors.userA.userId,
      isShared: false,
      promptText: `Private ${earlierWord} ${earlierTail}`,
    });
    const edited = await app.request(
      `/api/v1/prompts/${secret.id}`,
      asActor(actors.userA, {
        method: "PATCH",
        json: { promptText: `Private ${secretWord} ${secretTail}`, note: earlierTail },
      }),
    );
    expect(edited.status).toBe(200);
    for (const actor of ["userB", "admin"] as const) {
      for (const page of [...pages, "/personal"]) {
        for (const query of ["", `?q=${secretWord}`, `?q=${earlierWord}`]) {
          const html = await (await app.request(`${page}${query}`, asActor(actors[actor]))).text();
          expect(html, `${page}${query} as ${actor}`).not.toContain(secretTail);
          expect(html, `${page}${query} as ${actor}`).not.toContain(earlierTail);
        }
      }
    }
    const own = await (
      await app.request(`/dashboard?q=${secretWord}`, asActor(actors.userA))
    ).text();
    expect(own).toContain(secretTail);
  });
});

// A shared prompt's public page and image are for everyone, signed in or not; a personal prompt
// has neither, for anyone, its owner and administrators included, by any form of its address.
const publicAnswers: Record<Target, number> = { aPersonal: 404, aShared: 200, adminShared: 200 };

describe("public prompt page and image", () => {
  const publicCells = Object.entries(publicAnswers).flatMap(([target, status]) =>
    (["visitor", "userA", "userB", "admin"] as const).map((actor) => ({
      target: target as Target,
      actor,
      status,
    })),
  );

  it.each(publicCells)("$target as $actor → $status", async ({ target, actor, status }) => {
    const ids = await createTargets();
    const [row] = await database.db
      .select({ id: prompts.id, title: prompts.title, promptText: prompts.promptText })
      .from(prompts)
      .where(eq(prompts.id, ids[target]));
    if (!row) throw new Error("no target");
    const short = shortId(row.id);
    const page = await app.request(promptPath(row), asActor(actors[actor]));
    expect(page.status).toBe(status);
    const html = await page.text();
    if (status === 200) expect(html).toContain(row.promptText);
    else expect(html).not.toContain(row.promptText);
    for (const ref of [short, `${short}-another-slug`]) {
      const moved = await app.request(`/p/${ref}`, asActor(actors[actor]));
      expect(moved.status).toBe(status === 200 ? 301 : 404);
    }
    const image = await app.request(`/p/${short}/image.png`, asActor(actors[actor]));
    expect(image.status).toBe(status);
  });
});
