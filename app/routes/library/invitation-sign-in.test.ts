import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../server/db/client.ts";
import { createUser, signedInCookie } from "../../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { createTestDatabase } from "../../../tests/support/test-database.ts";

let database: DatabaseHandle;
let app: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

/** The return path the sign-in page's form carries to /auth/login. */
async function returnToOn(path: string) {
  const html = await (await app.request(path)).text();
  return /name="returnTo" value="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
}

describe("an invitation's link opened signed out", () => {
  it("goes to the sign-in page, whose form comes back to the invitation", async () => {
    const res = await app.request("/invitations/abc_DEF-123");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?returnTo=%2Finvitations%2Fabc_DEF-123");
    expect(await returnToOn("/login?returnTo=%2Finvitations%2Fabc_DEF-123")).toBe(
      "/invitations/abc_DEF-123",
    );
  });

  it("leaves other signed-in pages going home, as before", async () => {
    const res = await app.request("/teams");
    expect(res.headers.get("location")).toBe("/");
    expect(await returnToOn("/login")).toBe("/");
  });

  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example", "/\t/evil.example"])(
    "never carries a way off the site: %s",
    async (returnTo) => {
      expect(await returnToOn(`/login?returnTo=${encodeURIComponent(returnTo)}`)).toBe("/");
    },
  );

  it("signed in already, the sign-in page goes on to the invitation", async () => {
    const user = await createUser(database.db);
    const cookie = await signedInCookie(database.db, user.id);
    const res = await app.request("/login?returnTo=%2Finvitations%2Fabc", { headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/invitations/abc");
  });
});
