import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landingPages } from "../../shared/landing-pages.ts";
import { topics } from "../../shared/topics.ts";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie = "";

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({
    db: database.db,
    env: {
      PUBLIC_URL: "https://promptshelf.example",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      ADMIN_EMAILS: "boss@example.com",
    },
  });
  const admin = await createUser(database.db, { email: "boss@example.com" });
  cookie = `__Host-ps_session=${(await signedInCookie(database.db, admin.id)).split("=")[1]}`;
});
afterAll(async () => {
  await database.close();
});

const publicPages = [
  "/",
  "/login",
  "/privacy",
  "/terms",
  "/cookies",
  "/no-such-page",
  ...landingPages.map((page) => page.path),
];
const signedInPages = [
  "/dashboard",
  "/personal",
  "/central",
  "/community",
  "/favourites",
  "/settings",
  "/admin",
  ...topics.map((t) => t.path),
];
const apiRoutes = [
  "/api/v1/session",
  "/api/v1/prompts?scope=personal",
  "/api/v1/folders",
  "/api/v1/tags",
  "/api/v1/snippets?title=Intro",
  "/api/v1/export?format=csv",
];

function expectSafetyHeaders(res: Response) {
  const csp = res.headers.get("content-security-policy") ?? "";
  // This response's nonce, or (a page served from memory) the hashes of its own scripts.
  expect(csp).toMatch(
    /script-src ('nonce-[A-Za-z0-9+/=]{16,}'|('sha256-[A-Za-z0-9+/]{43}=' )+)\s*'strict-dynamic'/,
  );
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
}

describe("every page and API route sends the safety headers", () => {
  it.each(publicPages)("%s", async (path) => {
    const res = await app.request(path);
    expectSafetyHeaders(res);
  });

  it.each(signedInPages)("%s (signed in), never stored", async (path) => {
    const res = await app.request(path, { headers: { cookie } });
    expect(res.status).toBe(200);
    expectSafetyHeaders(res);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it.each(apiRoutes)("%s, never stored", async (path) => {
    const res = await app.request(path, { headers: { cookie } });
    expect(res.status).toBe(200);
    expectSafetyHeaders(res);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("Continue with Google", () => {
  it.each(["/", "/login", "/claude-prompt-library"])(
    "on %s may post to us and be redirected to Google, rendered or served from memory",
    async (path) => {
      for (let i = 0; i < 2; i++) {
        const csp = (await app.request(path)).headers.get("content-security-policy") ?? "";
        expect(csp).toContain("form-action 'self' https://accounts.google.com;");
      }
    },
  );
});
