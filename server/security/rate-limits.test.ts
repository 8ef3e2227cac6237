import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { asActor, createActors } from "../../tests/support/actors.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rateLimits, signInAttempts } from "../db/schema.ts";

let database: DatabaseHandle;
/** Every statement sent to the database, as Drizzle sends it. */
let statements: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (sql) => statements.push(sql) });
});
afterAll(async () => {
  await database.close();
});

const limits = { RATE_LIMIT_SIGN_IN: "3", RATE_LIMIT_WRITES: "5" };
const ourOrigin = "http://localhost:3000";

/** Continue with Google, as our own pages post it, from a client address. */
function startSignIn(address: string, origin = ourOrigin): RequestInit {
  return {
    method: "POST",
    headers: {
      origin,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": address,
    },
    body: "returnTo=%2F",
  };
}

/** The statements the requests cost, those that change something listed apart. */
async function statementsOf(requests: () => Promise<unknown>) {
  statements = [];
  await requests();
  const all = statements;
  statements = [];
  return { all, writes: all.filter((sql) => /^\s*(insert|update|delete)\b/i.test(sql)) };
}

/** Limits count in one-minute windows: a test that crosses into the next would start again. */
async function awayFromWindowEdge() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function rowsIn(table: typeof rateLimits | typeof signInAttempts) {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? -1;
}

describe("sign-in attempts", () => {
  it("are limited per address, with Retry-After, and X-Forwarded-For is ignored unless trusted", async () => {
    await database.db.delete(rateLimits);
    await awayFromWindowEdge();
    const app = await createTestApp({ db: database.db, env: limits });
    const from = startSignIn;
    for (let i = 0; i < 3; i++)
      expect((await app.request("/auth/login", from(`10.0.0.${i}`))).status).toBe(303);
    const refused = await app.request("/auth/login", from("10.0.0.99"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    const behindProxy = await createTestApp({
      db: database.db,
      env: { ...limits, TRUST_PROXY: "1" },
    });
    for (let i = 0; i < 3; i++)
      expect((await behindProxy.request("/auth/login", from("198.51.100.7"))).status).toBe(303);
    expect((await behindProxy.request("/auth/login", from("198.51.100.7"))).status).toBe(429);
    // A client cannot dodge the limit by prepending addresses: the proxy's entry is the last one.
    expect((await behindProxy.request("/auth/login", from("1.2.3.4, 198.51.100.7"))).status).toBe(
      429,
    );
    expect((await behindProxy.request("/auth/login", from("203.0.113.9"))).status).toBe(303);
  });

  it("cost nothing when another site starts them: a GET or a cross-site POST spends no budget and writes nothing", async () => {
    await database.db.delete(rateLimits);
    await awayFromWindowEdge();
    const app = await createTestApp({ db: database.db, env: limits });
    const address = "10.1.0.1";
    const hostile = await statementsOf(async () => {
      for (let i = 0; i < 20; i++) {
        // <img src=/auth/login> on any site, and a form on any site posting here.
        const get = await app.request("/auth/login", {
          headers: { "x-forwarded-for": address, "sec-fetch-site": "cross-site" },
        });
        expect(get.status).toBe(303);
        expect(get.headers.get("location")).toBe("/login");
        expect(get.headers.getSetCookie()).toEqual([]);
        const post = await app.request("/auth/login", startSignIn(address, "https://evil.example"));
        expect(post.status).toBe(403);
      }
    });
    expect(hostile.all).toEqual([]);
    expect(await rowsIn(rateLimits)).toBe(0);
    expect(await rowsIn(signInAttempts)).toBe(0);
    // The visitor's own budget is whole.
    for (let i = 0; i < 3; i++) {
      expect((await app.request("/auth/login", startSignIn(address))).status).toBe(303);
    }
    expect((await app.request("/auth/login", startSignIn(address))).status).toBe(429);
  });

  it("past the limit are refused in memory: a flood from one address costs no more writes", async () => {
    await database.db.delete(rateLimits);
    await awayFromWindowEdge();
    const app = await createTestApp({ db: database.db, env: limits });
    const flood = await statementsOf(async () => {
      for (let i = 0; i < 50; i++) await app.request("/auth/login", startSignIn("10.2.0.1"));
    });
    // The three allowed are counted in the database; the 47 refused never reach it.
    const counted = flood.writes.filter((sql) => /^\s*insert into "rate_limits"/i.test(sql));
    expect(counted).toHaveLength(3);
  });
});

describe("visitors' writes", () => {
  const someId = "00000000-0000-4000-8000-000000000000";
  const apiWrites: [string, string][] = [
    ["POST", "/api/v1/prompts"],
    ["PATCH", `/api/v1/prompts/${someId}`],
    ["DELETE", `/api/v1/prompts/${someId}`],
    ["PUT", `/api/v1/prompts/${someId}/favourite`],
    ["POST", `/api/v1/prompts/${someId}/copies`],
    ["POST", "/api/v1/folders"],
    ["PATCH", "/api/v1/tags/x"],
    ["POST", "/api/v1/import"],
    ["DELETE", "/api/v1/account"],
    ["POST", "/api/v1/no-such-route"],
  ];

  it("to the API are refused with 401 before the database is touched", async () => {
    await database.db.delete(rateLimits);
    await awayFromWindowEdge();
    const app = await createTestApp({ db: database.db, env: limits });
    const cost = await statementsOf(async () => {
      for (let round = 0; round < 10; round++) {
        for (const [method, path] of apiWrites) {
          const res = await app.request(path, {
            method,
            headers: { origin: ourOrigin, "content-type": "application/json" },
            body: '{"promptText":"x","shared":false}',
          });
          expect(res.status, `${method} ${path}`).toBe(401);
          expect(await res.json()).toMatchObject({ error: { code: "unauthenticated" } });
          expect(res.headers.get("cache-control")).toMatch(/no-store/);
        }
      }
    });
    expect(cost.all).toEqual([]);
    expect(await rowsIn(rateLimits)).toBe(0);
  });

  it("to a page's form are refused by the page, and past the limit before it, writing nothing", async () => {
    await database.db.delete(rateLimits);
    await awayFromWindowEdge();
    const app = await createTestApp({ db: database.db, env: limits });
    const cost = await statementsOf(async () => {
      for (let i = 0; i < 10; i++) {
        const res = await app.request("/dashboard", {
          method: "POST",
          headers: {
            origin: ourOrigin,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ intent: "create", promptText: "x" }).toString(),
        });
        // The page's own refusal, until the address has sent its limit's worth in a minute.
        expect(res.status).toBe(i < 5 ? 401 : 429);
      }
    });
    expect(cost.writes).toEqual([]);
    expect(await rowsIn(rateLimits)).toBe(0);
  });

  it("to OAuth clients' endpoints spend no address's writes: connectors post for many people", async () => {
    const app = await createTestApp({ db: database.db, env: limits });
    for (let i = 0; i < 10; i++) {
      const res = await app.request("/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code: "x" }).toString(),
      });
      // The endpoint's own refusal every time, never the signed-out writes' 429.
      expect([i, res.status]).toEqual([i, 401]);
      expect(await res.json()).toMatchObject({ error: "invalid_client" });
    }
  });

  it("signing out without a session still answers, and writes nothing", async () => {
    const app = await createTestApp({ db: database.db, env: limits });
    const cost = await statementsOf(async () => {
      const res = await app.request("/auth/logout", {
        method: "POST",
        headers: { origin: ourOrigin, accept: "application/json" },
      });
      expect(res.status).toBe(200);
    });
    expect(cost.all).toEqual([]);
  });
});

describe("writes", () => {
  it("are limited per person across every app instance sharing the database", async () => {
    await database.db.delete(rateLimits);
    await awayFromWindowEdge();
    const first = await createTestApp({ db: database.db, env: limits });
    const second = await createTestApp({ db: database.db, env: limits });
    const actors = await createActors(database.db);
    const post = (app: typeof first, actor: keyof typeof actors) =>
      app.request(
        "/api/v1/prompts",
        asActor(actors[actor], { method: "POST", json: { promptText: "x", shared: false } }),
      );
    for (let i = 0; i < 5; i++)
      expect((await post(i % 2 ? first : second, "userA")).status).toBe(201);
    const refused = await post(first, "userA");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect((await post(second, "userB")).status).toBe(201);
    // Reading is never limited.
    expect(
      (await first.request("/api/v1/prompts?scope=personal", asActor(actors.userA))).status,
    ).toBe(200);
  });
});

describe("imports", () => {
  it("count one write for each megabyte they send, with or without a dry run", async () => {
    await database.db.delete(rateLimits);
    // Megabytes of uploads take many seconds on a busy machine: the clock the windows are
    // counted by stands still a second into a minute, so the whole test is in one window.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const app = await createTestApp({ db: database.db, env: { RATE_LIMIT_WRITES: "10" } });
    const { userA } = await createActors(database.db);
    const upload = (path: string, megabytes: number, sayLength = true) => {
      // Not a library file: refused once read, but counted before it is.
      const body = "x".repeat(megabytes * 1_048_576);
      return app.request(path, {
        method: "POST",
        headers: {
          ...(asActor(userA).headers as Record<string, string>),
          "content-type": "text/plain",
          ...(sayLength ? { "content-length": String(body.length) } : {}),
        },
        body,
      });
    };
    expect((await upload("/api/v1/import?dryRun=1", 4.5)).status).toBe(400);
    expect((await upload("/api/v1/import", 4.5)).status).toBe(400);
    const refused = await upload("/api/v1/import", 0.5);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Sent without its length, an import counts as the largest one allowed (25 MB here), which
    // is more than the minute's 10: it takes the whole minute, and is not refused for ever.
    const { userB } = await createActors(database.db);
    const unsized = () =>
      app.request("/api/v1/import", {
        method: "POST",
        headers: {
          ...(asActor(userB).headers as Record<string, string>),
          "content-type": "text/plain",
        },
        body: "act,prompt\nA,B\n",
      });
    expect((await unsized()).status).toBe(201);
    expect((await unsized()).status).toBe(429);
  });
});
