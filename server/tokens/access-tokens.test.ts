import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { sha256 } from "../auth/tokens.ts";
import { parseConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { connectionSettings } from "../db/connection-settings.ts";
import { accessTokens } from "../db/schema.ts";
import type { ChangeFeed } from "../live/change-feed.ts";

let database: DatabaseHandle;
let app: TestApp;
/** The same app with credentials kept in memory, told of changes by the database. */
let kept: TestApp;
let feed: ChangeFeed;
let queries = 0;

const env = { TOKEN_LIMIT: "3", RATE_LIMIT_TOKEN: "40", ADMIN_EMAILS: "boss@example.com" };

beforeAll(async () => {
  // The database holds the token limit, from the settings the server opens it with.
  const settings = connectionSettings(parseConfig({ NODE_ENV: "test", ...env }));
  database = await createTestDatabase({ onQuery: () => queries++, settings });
  app = await createTestApp({ db: database.db, env });
  const memory = await signedInMemory(database);
  ({ feed, app: kept } = memory);
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

type Person = Awaited<ReturnType<typeof apiPerson>>;

async function issue(person: Person, body: Record<string, unknown>) {
  return person.call("POST", "/api/v1/tokens", { name: "Claude Desktop", scope: "read", ...body });
}

/** A request with the token as its only credential, as a script or an AI client sends it. */
function withToken(
  target: TestApp,
  token: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  return target.request(path, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; detail?: string; message: string } }).error;

describe("creating, listing and revoking", () => {
  it("shows a token once, keeps only its hash, and lists it without it", async () => {
    const person = await apiPerson(database.db, app);
    const made = await issue(person, { scope: "write", expiresInDays: 30 });
    expect(made.status).toBe(201);
    const { token, ...info } = made.body;
    expect(token).toMatch(/^ps_[A-Za-z0-9_-]{43}$/);
    expect(info).toMatchObject({
      name: "Claude Desktop",
      scope: "write",
      admin: false,
      client: null,
    });
    const days = (Date.parse(info.expiresAt) - Date.parse(info.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 2);
    const [row] = await database.db.select().from(accessTokens).where(eq(accessTokens.id, info.id));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(3));
    const listed = await person.call("GET", "/api/v1/tokens");
    expect(listed.body).toEqual([{ ...info, lastUsedAt: null }]);
    expect(listed.text).not.toContain(token.slice(3));
  });

  it("refuses a name or expiry past its limit, and a token past the person's limit", async () => {
    const person = await apiPerson(database.db, app);
    expect((await issue(person, { name: "x".repeat(100) })).status).toBe(201);
    const long = await issue(person, { name: "x".repeat(101) });
    expect([long.status, long.body.error.message]).toEqual([
      400,
      "name: A token's name is at most 100 characters",
    ]);
    expect((await issue(person, { name: "  " })).status).toBe(400);
    expect((await issue(person, { expiresInDays: 365 })).status).toBe(201);
    for (const days of [0, 366, 1.5]) {
      expect((await issue(person, { expiresInDays: days })).status).toBe(400);
    }
    expect((await issue(person, { scope: "admin" })).status).toBe(400);
    expect((await issue(person, {})).status).toBe(201);
    const fourth = await issue(person, {});
    expect([fourth.status, fourth.body.error]).toEqual([
      400,
      {
        code: "invalid_input",
        detail: "token_limit",
        message: "You have 3 access tokens, the most allowed. Revoke one first.",
      },
    ]);
    expect((await person.call("GET", "/api/v1/tokens")).body).toHaveLength(3);
  });

  it("gives admin rights only to an administrator who asks for them", async () => {
    const person = await apiPerson(database.db, app);
    const refused = await issue(person, { admin: true });
    expect(refused.status).toBe(403);
    const boss = await apiPerson(database.db, app, { email: "boss@example.com" });
    const plain = (await issue(boss, {})).body.token as string;
    const admin = (await issue(boss, { admin: true })).body.token as string;
    const someonesPrivate = (
      await person.call("POST", "/api/v1/prompts", { promptText: "Private", shared: false })
    ).body.id as string;
    expect((await withToken(app, plain, `/api/v1/prompts/${someonesPrivate}`)).status).toBe(404);
    expect((await withToken(app, admin, `/api/v1/prompts/${someonesPrivate}`)).status).toBe(200);
    const list = await withToken(app, plain, "/api/v1/prompts?scope=all");
    expect((await errorOf(list)).code).toBe("forbidden");
  });

  it("revokes one's own token at once, and another person's is not found", async () => {
    const person = await apiPerson(database.db, app);
    const other = await apiPerson(database.db, app);
    const made = (await issue(person, {})).body;
    expect((await withToken(app, made.token, "/api/v1/prompts?scope=personal")).status).toBe(200);
    const theirs = await other.call("DELETE", `/api/v1/tokens/${made.id}`);
    expect([theirs.status, theirs.body.error.detail]).toEqual([404, "token_not_found"]);
    expect((await other.call("DELETE", "/api/v1/tokens/not-an-id")).status).toBe(404);
    expect((await person.call("DELETE", `/api/v1/tokens/${made.id}`)).status).toBe(204);
    const after = await withToken(app, made.token, "/api/v1/prompts?scope=personal");
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect((await person.call("GET", "/api/v1/tokens")).body).toEqual([]);
  });
});

describe("using a token", () => {
  it("acts as its person: reads, and writes with the write scope only", async () => {
    const person = await apiPerson(database.db, app);
    const read = (await issue(person, {})).body.token as string;
    const write = (await issue(person, { scope: "write" })).body.token as string;
    const body = { promptText: "Summarise this thread", shared: false };
    const refused = await withToken(app, read, "/api/v1/prompts", { method: "POST", json: body });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ detail: "token_read_only" });
    const made = await withToken(app, write, "/api/v1/prompts", { method: "POST", json: body });
    expect(made.status).toBe(201);
    const listed = await withToken(app, read, "/api/v1/prompts?scope=personal");
    const items = ((await listed.json()) as { items: { promptText: string }[] }).items;
    expect(items.map((item) => item.promptText)).toEqual(["Summarise this thread"]);
    const [row] = await database.db
      .select({ lastUsedAt: accessTokens.lastUsedAt })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(read)));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("cannot mint tokens, list them or delete the account: those need the browser", async () => {
    const person = await apiPerson(database.db, app);
    const write = (await issue(person, { scope: "write" })).body.token as string;
    for (const [method, path, json] of [
      ["GET", "/api/v1/tokens", undefined],
      ["POST", "/api/v1/tokens", { name: "another", scope: "write" }],
      ["DELETE", "/api/v1/account", { confirmEmail: person.user.email }],
    ] as const) {
      const res = await withToken(app, write, path, { method, json });
      expect([path, res.status, (await errorOf(res)).detail]).toEqual([
        path,
        403,
        "session_required",
      ]);
    }
    expect((await person.call("GET", "/api/v1/tokens")).body).toHaveLength(1);
  });

  it("is the request's only credential: a cookie beside a bad token does not help", async () => {
    const person = await apiPerson(database.db, app);
    const res = await app.request("/api/v1/prompts?scope=personal", {
      headers: { cookie: person.actor.cookie, authorization: "Bearer ps_unknown" },
    });
    expect(res.status).toBe(401);
    // Another scheme is not a token: the cookie decides, as without the header.
    const basic = await app.request("/api/v1/prompts?scope=personal", {
      headers: { cookie: person.actor.cookie, authorization: "Basic c3RhZ2luZzpwYXNz" },
    });
    expect(basic.status).toBe(200);
    for (const header of ["Basic abc", "Bearer", "Bearer a b", `Bearer ${"a".repeat(5000)}`]) {
      const odd = await app.request("/api/v1/prompts?scope=personal", {
        headers: { authorization: header },
      });
      expect([header.slice(0, 12), odd.status]).toEqual([header.slice(0, 12), 401]);
    }
  });

  it("needs no Origin: the cross-site check is for cookies", async () => {
    const person = await apiPerson(database.db, app);
    const write = (await issue(person, { scope: "write" })).body.token as string;
    const json = { promptText: "From a script", shared: false };
    const foreign = { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" };
    const byToken = await withToken(app, write, "/api/v1/prompts", {
      method: "POST",
      json,
      headers: foreign,
    });
    expect(byToken.status).toBe(201);
    const byCookie = await app.request("/api/v1/prompts", {
      method: "POST",
      headers: { cookie: person.actor.cookie, "content-type": "application/json", ...foreign },
      body: JSON.stringify(json),
    });
    expect(byCookie.status).toBe(403);
  });

  it("stops at its expiry", async () => {
    const person = await apiPerson(database.db, app);
    const made = (await issue(person, { expiresInDays: 1 })).body;
    expect((await withToken(app, made.token, "/api/v1/prompts?scope=personal")).status).toBe(200);
    await database.db
      .update(accessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accessTokens.id, made.id));
    expect((await withToken(app, made.token, "/api/v1/prompts?scope=personal")).status).toBe(401);
  });

  it("is limited per token per minute", async () => {
    const person = await apiPerson(database.db, app);
    const first = (await issue(person, {})).body.token as string;
    const second = (await issue(person, {})).body.token as string;
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      statuses.push((await withToken(app, first, "/api/v1/session")).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(40);
    const over = await withToken(app, first, "/api/v1/session");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await withToken(app, second, "/api/v1/session")).status).toBe(200);
  });
});

describe("tokens kept in memory", () => {
  async function keptPerson() {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const made = await kept.request("/api/v1/tokens", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000", "content-type": "application/json" },
      body: JSON.stringify({ name: "Cursor", scope: "read" }),
    });
    return (await made.json()) as { token: string; id: string };
  }

  it("a second request costs no token lookup", async () => {
    const { token } = await keptPerson();
    expect((await withToken(kept, token, "/api/v1/session")).status).toBe(200);
    const before = queries;
    expect((await withToken(kept, token, "/api/v1/session")).status).toBe(200);
    expect(queries - before).toBe(0);
  });

  it("a token revoked anywhere stops working here as soon as the database says so", async () => {
    const { token, id } = await keptPerson();
    expect((await withToken(kept, token, "/api/v1/session")).status).toBe(200);
    // As another instance would revoke it: straight in the database.
    await database.db.delete(accessTokens).where(eq(accessTokens.id, id));
    // As soon as the notice comes (the limit is for one that never does).
    await expect
      .poll(async () => (await withToken(kept, token, "/api/v1/session")).status, {
        timeout: 15_000,
      })
      .toBe(401);
  });

  it("an expired token is never served from memory", async () => {
    const { token, id } = await keptPerson();
    // The server's clock is the test's: the token expires when the test moves it on.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await database.db
        .update(accessTokens)
        .set({ expiresAt: new Date(Date.now() + 600) })
        .where(eq(accessTokens.id, id));
      expect((await withToken(kept, token, "/api/v1/session")).status).toBe(200);
      vi.advanceTimersByTime(700);
      expect((await withToken(kept, token, "/api/v1/session")).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
