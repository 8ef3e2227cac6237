import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { CookieJar } from "../../tests/support/cookies.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestServer } from "../../tests/support/test-server.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;

/** What was printed as a warning while this file ran: the provider starts at the first sign-in. */
const warnings: string[] = [];

beforeAll(async () => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.join(" "));
    warn(...args);
  });
  database = await createTestDatabase();
  server = await startTestServer({ db: database.db });
});
afterAll(async () => {
  vi.restoreAllMocks();
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
  for (let hops = 0; hops < 10; hops++) {
    const posted = await autoSubmitted(response.clone());
    const location = response.headers.get("location");
    if (!posted && !location) break;
    const next = new URL(posted?.action ?? location ?? "", response.url || server.origin);
    if (next.origin !== server.origin) break;
    response = await fetch(next, {
      redirect: "manual",
      ...(posted
        ? {
            method: "POST",
            body: posted.fields,
            headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
          }
        : { headers: { cookie: jar.header() } }),
    });
    jar.take(response);
  }
  return response;
}

/**
 * A page that posts its form as soon as it loads (the provider ending one person's session before
 * signing in another), submitted as a browser running its script would.
 */
async function autoSubmitted(response: Response) {
  if (!response.headers.get("content-type")?.startsWith("text/html")) return null;
  const html = await response.text();
  if (!html.includes("document.forms[0].submit()")) return null;
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  const fields = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
      ([, name = "", value = ""]) => [name, value],
    ),
  );
  return { action, fields };
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

it("asks which account every time, so after logging out another person can sign in", async () => {
  const jar = new CookieJar();
  const signInAs = async (email: string) => {
    const html = await (await continueWithGoogle(jar)).text();
    // The form, not a silent sign-in as whoever the provider remembers.
    expect(html).toContain("<title>Development sign-in</title>");
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
    await visit(jar, action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
      body: new URLSearchParams({ email, name: "", action: "login" }),
    });
    const session = await fetch(new URL("/api/v1/session", server.origin), {
      headers: { cookie: jar.header() },
    });
    return ((await session.json()) as { email: string }).email;
  };
  expect(await signInAs("first@example.com")).toBe("first@example.com");
  const out = await fetch(new URL("/auth/logout", server.origin), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), origin: server.origin },
  });
  jar.take(out);
  expect(await signInAs("admin@example.com")).toBe("admin@example.com");
});

it("sends no name when none is typed, so cards credit the person as the product's rule names them", async () => {
  const jar = new CookieJar();
  const html = await (await continueWithGoogle(jar)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  await visit(jar, action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
    body: new URLSearchParams({ email: "carol.de.vries@example.com", name: "", action: "login" }),
  });
  const call = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, server.origin), {
      ...init,
      headers: {
        cookie: jar.header(),
        origin: server.origin,
        "content-type": "application/json",
        ...init.headers,
      },
    });
  expect(await (await call("/api/v1/session")).json()).toMatchObject({ name: null });
  const shared = await call("/api/v1/prompts", {
    method: "POST",
    body: JSON.stringify({ promptText: "Act as a Dutch tutor.", shared: true }),
  });
  expect(await shared.json()).toMatchObject({ creatorName: "Carol De Vries" });
  // The header names them by the same rule.
  expect(await (await call("/dashboard")).text()).toContain(
    `aria-label="Account menu for Carol De Vries"`,
  );
});

it("starts its provider without the library's warnings of development-only parts", async () => {
  // The provider is made at the first sign-in, this one or an earlier test's.
  expect((await continueWithGoogle(new CookieJar())).status).toBe(200);
  // The one left is the library's own about Node.js before 22, where it runs as well.
  const ours = warnings.filter(
    (line) => line.includes("oidc-provider WARNING") && !line.includes("Unsupported runtime"),
  );
  expect(ours).toEqual([]);
});
