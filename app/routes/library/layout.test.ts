import { sql } from "drizzle-orm";
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
  // The layout's loader (the person) has run; the page's own (its list) meets a database that
  // fails: the prompts are read through a view that fails as a shutting-down server does.
  it("keeps the signed-in header and shows the error inside the page", async () => {
    const user = await createUser(database.db, { name: "Ada Lovelace" });
    const cookie = await signedInCookie(database.db, user.id);
    for (const statement of [
      "ALTER TABLE prompts RENAME TO prompts_kept",
      `CREATE FUNCTION outage() RETURNS boolean LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'shutting down' USING ERRCODE = '57P03'; END $$`,
      "CREATE VIEW prompts AS SELECT * FROM prompts_kept WHERE outage()",
    ]) {
      await database.db.execute(sql.raw(statement));
    }
    const res = await app.request("/dashboard", { headers: { cookie } });
    const html = await res.text();
    expect(html).toContain(`aria-label="Account menu for Ada Lovelace"`);
    expect(html).toMatch(
      /<main id="main"[^>]*>.*The prompts could not be loaded\. Please try again\./s,
    );
  });

  it("moves a topic page spelled in another case to its one address", async () => {
    const res = await app.request("/CLAUDE-PROMPTS");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/claude-prompts");
  });
});
