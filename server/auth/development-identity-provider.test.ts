import { afterAll, beforeAll, expect, it } from "vitest";
import { CookieJar } from "../../tests/support/cookies.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestServer } from "../../tests/support/test-server.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ db: database.db });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** Continue with Google, as our own pages post it. */
function continueWithGoogle(jar: CookieJar) {
  return visit(jar, "/auth/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
    body: new URLSearchParams({ returnTo: "/" }),
  });
}

/** Follows redirects like a browser, keeping cookies. */
async function visit(jar: CookieJar, url: string, init: RequestInit = {}) {
  let response = await fetch(new URL(url, server.origin), {
    ...init,
    redirect: "manual",
    headers: { cookie: jar.header(), ...init.headers },
  });
  jar.take(response);
  for (let hops = 0; hops < 10 && response.headers.has("location"); hops++) {
    const next = new URL(response.headers.get("location") ?? "", response.url || server.origin);
    if (next.origin !== server.origin) break;
    response = await fetch(next, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.take(response);
  }
  return response;
}

it("signs anyone in through the real OpenID flow, with the email and name they typed", async () => {
  const jar = new CookieJar();
  const page = await continueWithGoogle(jar);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("<title>Development sign-in</title>");
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(action).toMatch(/^\/dev-idp\/interaction\//);

  const landed = await visit(jar, action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
    body: new URLSearchParams({
      email: "grace@example.com",
      name: "Grace Hopper",
      action: "login",
    }),
  });
  expect(new URL(landed.url).pathname).toBe("/dashboard");
  expect(jar.get("ps_session")).toMatch(/^[\w-]{43}$/);

  const session = await fetch(new URL("/api/v1/session", server.origin), {
    headers: { cookie: jar.header() },
  });
  expect(await session.json()).toMatchObject({
    email: "grace@example.com",
    name: "Grace Hopper",
    isAdmin: false,
  });
});

it("makes admin@example.com an administrator by default in development", async () => {
  const jar = new CookieJar();
  const html = await (await continueWithGoogle(jar)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  const landed = await visit(jar, action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "admin@example.com", name: "", action: "login" }),
  });
  expect(new URL(landed.url).pathname).toBe("/admin");
});

it("refuses a cancelled sign-in", async () => {
  const jar = new CookieJar();
  const html = await (await continueWithGoogle(jar)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  const landed = await visit(jar, action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action: "cancel" }),
  });
  expect(new URL(landed.url).pathname).toBe("/");
  expect(jar.get("ps_session")).toBeUndefined();
  expect(decodeURIComponent(jar.get("ps_flash") ?? "")).toContain("Sign-in was cancelled");
});
