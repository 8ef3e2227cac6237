import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, type ActorName, asActor, createActors } from "../../tests/support/actors.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { closeTestApps, createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<ActorName, Actor>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, env: { ADMIN_EMAILS: "admin@example.com" } });
  actors = await createActors(database.db);
});
afterAll(async () => {
  await closeTestApps();
  await database.close();
});

type Target = "aPersonal" | "aShared" | "adminShared";

/** Fresh objects for each cell, owned by user A and by the administrator. */
async function createTargets(): Promise<Record<Target, string>> {
  const aPersonal = await createPrompt(database.db, {
    userId: actors.userA.userId,
    isShared: false,
  });
  const aShared = await createPrompt(database.db, { userId: actors.userA.userId, isShared: true });
  const adminShared = await createPrompt(database.db, {
    userId: actors.admin.userId,
    isShared: true,
    createdByAdmin: true,
  });
  return { aPersonal: aPersonal.id, aShared: aShared.id, adminShared: adminShared.id };
}

const snapshot = () => database.db.select().from(prompts).orderBy(asc(prompts.id));

// Expected status for every operation, actor and target.
const matrix: Record<string, Record<Target, Record<ActorName, number>>> = {
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
};

const cells = Object.entries(matrix).flatMap(([operation, byTarget]) =>
  Object.entries(byTarget).flatMap(([target, byActor]) =>
    Object.entries(byActor).map(([actor, status]) => ({
      operation,
      target: target as Target,
      actor: actor as ActorName,
      status,
    })),
  ),
);

describe("API: one prompt", () => {
  it.each(cells)(
    "$operation $target as $actor → $status",
    async ({ operation, target, actor, status }) => {
      const ids = await createTargets();
      const before = await snapshot();
      const path = `/api/v1/prompts/${ids[target]}`;
      const init =
        operation === "get"
          ? asActor(actors[actor])
          : operation === "patch"
            ? asActor(actors[actor], {
                method: "PATCH",
                json: { promptText: "changed", useCase: "edited" },
              })
            : asActor(actors[actor], { method: "DELETE" });
      const res = await app.request(path, init);
      expect(res.status).toBe(status);

      if (status >= 400) {
        const body = (await res.json()) as { error: { code: string } };
        expect(body.error.code).toBe(
          { 401: "unauthenticated", 403: "forbidden", 404: "not_found" }[status],
        );
        expect(await snapshot()).toEqual(before);
      } else if (operation === "get") {
        expect(((await res.json()) as { id: string }).id).toBe(ids[target]);
      } else if (operation === "patch") {
        expect(await res.json()).toMatchObject({
          promptText: "changed",
          title: "edited",
          category: "edited",
        });
      } else {
        const left = (await snapshot()).map((row) => row.id);
        expect(left).not.toContain(ids[target]);
      }
    },
  );
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
      const after = await snapshot();
      if (status >= 400) expect(after).toEqual(before);
      else if (operation === "delete")
        expect(after.map((row) => row.id)).not.toContain(ids[target]);
      else expect(after.find((row) => row.id === ids[target])?.promptText).toBe("changed by form");
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
    const after = await snapshot();
    if (status === 401) {
      expect(after).toEqual(before);
    } else {
      const created = after.find((row) => !before.some((old) => old.id === row.id));
      expect(created).toMatchObject({
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
      const after = await snapshot();
      expect(after.map((row) => row.id)).not.toContain(ids.aShared);
      expect(
        after.some(
          (row) => row.promptText === "A global prompt" && row.isShared && row.createdByAdmin,
        ),
      ).toBe(true);
    }
  });
});

describe("pages never render another person's personal prompt", () => {
  it("in any list, search or page", async () => {
    const secretWord = `hidden${Date.now()}`;
    // Searched for by word; the tail only appears if the prompt itself is rendered.
    const secretTail = `tail${Math.random().toString(36).slice(2)}`;
    await createPrompt(database.db, {
      userId: actors.userA.userId,
      isShared: false,
      promptText: `Private ${secretWord} ${secretTail}`,
    });
    for (const actor of ["userB", "admin"] as const) {
      for (const page of [...pages, "/personal"]) {
        for (const query of ["", `?q=${secretWord}`]) {
          const html = await (await app.request(`${page}${query}`, asActor(actors[actor]))).text();
          expect(html, `${page}${query} as ${actor}`).not.toContain(secretTail);
        }
      }
    }
    const own = await (
      await app.request(`/dashboard?q=${secretWord}`, asActor(actors.userA))
    ).text();
    expect(own).toContain(secretTail);
  });
});
