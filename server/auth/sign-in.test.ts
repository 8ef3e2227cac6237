import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cookiePair, setCookies } from "../../tests/support/cookies.ts";
import {
  startFakeIdentityProvider,
  type TokenScenario,
} from "../../tests/support/fake-identity-provider.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { sessions, signInAttempts, users } from "../db/schema.ts";
import { sha256 } from "./tokens.ts";

let database: DatabaseHandle;
let idp: Awaited<ReturnType<typeof startFakeIdentityProvider>>;
let app: Awaited<ReturnType<typeof createTestApp>>;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  idp = await startFakeIdentityProvider("promptshelf-test");
  app = await createTestApp({ db: database.db, env: googleEnv(idp.issuer) });
});
afterAll(async () => {
  await idp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(sessions);
  idp.use({});
});

function googleEnv(issuer: string, publicUrl = "http://localhost:3000") {
  return {
    GOOGLE_CLIENT_ID: "promptshelf-test",
    GOOGLE_CLIENT_SECRET: "test-secret",
    OIDC_ISSUER: issuer,
    PUBLIC_URL: publicUrl,
    ADMIN_EMAILS: "boss@example.com",
  };
}

/** Continue with Google, as our own pages post it. */
function startSignIn(returnTo = "/", origin = "http://localhost:3000"): RequestInit {
  return {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ returnTo }).toString(),
  };
}

/** Plays the browser: leave for the provider, come back to the callback with the sign-in cookie. */
async function signInThrough(
  scenario: TokenScenario,
  target = app,
  returnTo = "/",
  origin = "http://localhost:3000",
) {
  idp.use(scenario);
  const start = await target.request("/auth/login", startSignIn(returnTo, origin));
  expect(start.status).toBe(303);
  const attemptCookie = cookiePair(start, "ps_signin") ?? cookiePair(start, "__Host-ps_signin");
  expect(attemptCookie).toBeTruthy();
  const authorize = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
  const back = new URL(authorize.headers.get("location") ?? "");
  const callbackPath = back.pathname + back.search;
  const callback = await target.request(callbackPath, { headers: { cookie: attemptCookie ?? "" } });
  return { callback, callbackPath, attemptCookie: attemptCookie ?? "" };
}

async function attemptCount() {
  const [row] = await database.db.select({ n: count() }).from(signInAttempts);
  return row?.n ?? -1;
}

async function sessionCount() {
  const [row] = await database.db.select({ n: count() }).from(sessions);
  return row?.n ?? -1;
}

function expectRefused(callback: Response) {
  expect(callback.status).toBe(302);
  expect(callback.headers.get("location")).toBe("/");
  expect(cookiePair(callback, "ps_session")).toBeUndefined();
  const flash = decodeURIComponent(cookiePair(callback, "ps_flash") ?? "");
  expect(flash).toContain('"title":"Sign In Failed"');
}

describe("a good sign-in", () => {
  it("creates the account and a session, and only the token's hash is stored", async () => {
    const { callback } = await signInThrough({});
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/dashboard");
    const session = setCookies(callback).find((line) => line.startsWith("ps_session="));
    expect(session).toMatch(/^ps_session=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = cookiePair(callback, "ps_session")?.split("=")[1] ?? "";

    const rows = await database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const [user] = await database.db.select().from(users).where(eq(users.subject, "subject-1"));
    expect(user).toMatchObject({
      issuer: idp.issuer,
      email: "fake@example.com",
      name: "Fake Person",
    });
    const flash = decodeURIComponent(cookiePair(callback, "ps_flash") ?? "");
    expect(flash).toContain('"description":"Signed in as fake@example.com"');
  });

  it("issues a new token at every sign-in", async () => {
    const first = cookiePair((await signInThrough({})).callback, "ps_session");
    const second = cookiePair((await signInThrough({})).callback, "ps_session");
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it("returns to the page it started from", async () => {
    const { callback } = await signInThrough({}, app, "/central?q=essay");
    expect(callback.headers.get("location")).toBe("/central?q=essay");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ /evil.example",
    "https://evil.example",
  ])("never leaves the site, whatever the return path says: %j", async (returnTo) => {
    const { callback } = await signInThrough({}, app, returnTo);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/dashboard");
  });

  it("sends administrators to /admin", async () => {
    const { callback } = await signInThrough({
      claims: { email: "Boss@Example.com", sub: "boss" },
    });
    expect(callback.headers.get("location")).toBe("/admin");
  });

  it("uses __Host- cookies marked Secure when the site is served over https", async () => {
    const secure = await createTestApp({
      db: database.db,
      env: googleEnv(idp.issuer, "https://promptshelf.example"),
    });
    const { callback } = await signInThrough({}, secure, "/", "https://promptshelf.example");
    const session = setCookies(callback).find((line) => line.startsWith("__Host-ps_session="));
    expect(session).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });
});

describe("starting a sign-in", () => {
  it("is a POST from our own pages: it keeps an attempt and leaves for the provider", async () => {
    const before = await attemptCount();
    const start = await app.request("/auth/login", startSignIn("/central"));
    expect(start.status).toBe(303);
    expect(new URL(start.headers.get("location") ?? "").origin).toBe(new URL(idp.issuer).origin);
    expect(cookiePair(start, "ps_signin")).toBeTruthy();
    expect(start.headers.get("cache-control")).toMatch(/no-store/);
    expect(await attemptCount()).toBe(before + 1);
  });

  it("never happens on a GET: /auth/login goes to /login, keeps nothing and sets no cookie", async () => {
    const before = await attemptCount();
    // What <img src="/auth/login"> on any site sends.
    const res = await app.request("/auth/login?returnTo=/central", {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login");
    expect(setCookies(res)).toEqual([]);
    expect(await attemptCount()).toBe(before);
  });

  it.each([
    ["another Origin", { origin: "https://evil.example" }],
    ["no Origin and Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
  ])("is refused from another site, carrying %s, and keeps nothing", async (_case, headers) => {
    const before = await attemptCount();
    const res = await app.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "returnTo=%2F",
    });
    expect(res.status).toBe(403);
    expect(setCookies(res)).toEqual([]);
    expect(await attemptCount()).toBe(before);
  });
});

describe("a sign-in is refused, with no session, when", () => {
  it("the browser has no sign-in cookie", async () => {
    idp.use({});
    const start = await app.request("/auth/login", startSignIn());
    const authorize = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(authorize.headers.get("location") ?? "");
    expectRefused(await app.request(back.pathname + back.search));
    expect(await sessionCount()).toBe(0);
  });

  it("the state does not match", async () => {
    const { callback } = await signInThrough({ state: "forged-state" });
    expectRefused(callback);
    expect(await sessionCount()).toBe(0);
  });

  it("the state is used a second time", async () => {
    const { callback, callbackPath, attemptCookie } = await signInThrough({});
    expect(callback.headers.get("location")).toBe("/dashboard");
    const replay = await app.request(callbackPath, { headers: { cookie: attemptCookie } });
    expectRefused(replay);
    expect(await sessionCount()).toBe(1);
    const attemptId = attemptCookie.split("=")[1] ?? "";
    const left = await database.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.idHash, sha256(attemptId)));
    expect(left).toEqual([]);
  });

  it.each<[string, TokenScenario]>([
    ["the nonce is wrong", { claims: { nonce: "another-nonce" } }],
    ["the ID token is signed by another key", { foreignKey: true }],
    ["the ID token is for another audience", { claims: { aud: "another-client" } }],
    ["the ID token is from another issuer", { claims: { iss: "https://evil.example" } }],
    ["the ID token has expired", { claims: { iat: now() - 7200, exp: now() - 3600 } }],
    ["email_verified is false", { claims: { email_verified: false } }],
    ["email_verified is missing", { claims: { email_verified: undefined } }],
  ])("%s", async (_reason, scenario) => {
    const { callback } = await signInThrough(scenario);
    expectRefused(callback);
    expect(await sessionCount()).toBe(0);
  });
});

describe("signing out", () => {
  it("deletes the session, so the old cookie is dead everywhere", async () => {
    const cookie = cookiePair((await signInThrough({})).callback, "ps_session") ?? "";
    const before = await app.request("/api/v1/session", { headers: { cookie } });
    expect(await before.json()).toMatchObject({ email: "fake@example.com", isAdmin: false });

    const out = await app.request("/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000", accept: "application/json" },
    });
    expect(out.status).toBe(200);
    expect(setCookies(out).some((line) => /^ps_session=; Max-Age=0/.test(line))).toBe(true);
    expect(await sessionCount()).toBe(0);

    const after = await app.request("/api/v1/session", { headers: { cookie } });
    expect(await after.json()).toBeNull();
    const page = await app.request("/dashboard", { headers: { cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
  });
});

describe("cross-site requests", () => {
  it.each([
    ["another Origin", { origin: "https://evil.example" }],
    ["no Origin and Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["the null Origin", { origin: "null" }],
  ])("are refused with 403 when they carry %s", async (_case, headers) => {
    const cookie = cookiePair((await signInThrough({})).callback, "ps_session") ?? "";
    const res = await app.request("/auth/logout", {
      method: "POST",
      headers: { cookie, ...headers },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "forbidden", message: "Cross-site request refused" },
    });
    expect(await sessionCount()).toBe(1);
  });

  it("pass when the browser marks them same-origin", async () => {
    const cookie = cookiePair((await signInThrough({})).callback, "ps_session") ?? "";
    const res = await app.request("/auth/logout", {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin", accept: "application/json" },
    });
    expect(res.status).toBe(200);
  });
});

describe("administrators", () => {
  it("are decided at each request, so removing an address takes effect at once", async () => {
    const { callback } = await signInThrough({
      claims: { email: "boss@example.com", sub: "boss" },
    });
    const cookie = cookiePair(callback, "ps_session") ?? "";
    const asAdmin = await app.request("/api/v1/session", { headers: { cookie } });
    expect(await asAdmin.json()).toMatchObject({ isAdmin: true });

    const demoted = await createTestApp({
      db: database.db,
      env: { ...googleEnv(idp.issuer), ADMIN_EMAILS: "someone-else@example.com" },
    });
    const after = await demoted.request("/api/v1/session", { headers: { cookie } });
    expect(await after.json()).toMatchObject({ email: "boss@example.com", isAdmin: false });
    const admin = await demoted.request("/admin", { headers: { cookie } });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/dashboard");
  });
});
