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

describe("a library page whose loader fails", () => {
  // Paths match whatever their case, but a topic page knows only its own spelling: a real 404
  // thrown by the page's loader, while the library layout's loader has run.
  it("keeps the signed-in header and shows the error inside the page", async () => {
    const user = await createUser(database.db, { name: "Ada Lovelace" });
    const cookie = await signedInCookie(database.db, user.id);
    const res = await app.request("/CLAUDE-PROMPTS", { headers: { cookie } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(`aria-label="Account menu for Ada Lovelace"`);
    expect(html).toMatch(/<main id="main"[^>]*>.*Something went wrong/s);
    expect(html).toContain("An unexpected error occurred. Please try again.");
    expect(html).toContain("<title>Something went wrong | PromptShelf</title>");
  });
});
