import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("signed-in pages", () => {
  it("show the catalogue's empty states and are never stored", async () => {
    const app = await createTestApp({ db: database.db });
    const admin = await createUser(database.db, { email: "admin@example.com" });
    const cookie = await signedInCookie(database.db, admin.id);
    const adminPage = await app.request("/admin", { headers: { cookie } });
    expect(adminPage.headers.get("cache-control")).toBe("no-store");
    expect(await adminPage.text()).toContain(
      "No global prompts created yet. Add your first one above!",
    );
    const dashboard = await (await app.request("/dashboard", { headers: { cookie } })).text();
    expect(dashboard).toContain(
      "You haven&#x27;t created any personal prompts yet. Add your first prompt!",
    );
    const central = await (await app.request("/central", { headers: { cookie } })).text();
    expect(central).toContain("No prompts available yet.");
  });

  it("greet a person browsing the community with its highlights, and a search with its results", async () => {
    const user = await createUser(database.db);
    await createPrompt(database.db, {
      userId: user.id,
      promptText: "Describe the quokka at dawn",
      isShared: true,
    });
    const app = await createTestApp({ db: database.db });
    const cookie = await signedInCookie(database.db, user.id);
    const browsing = await (await app.request("/central", { headers: { cookie } })).text();
    expect(browsing).toContain("Fresh today");
    const searching = await (
      await app.request("/central?q=quokka", { headers: { cookie } })
    ).text();
    expect(searching).toContain("Describe the quokka at dawn");
    expect(searching).not.toContain("Fresh today");
  });

  it("accept forms behind a proxy that terminates https", async () => {
    const app = await createTestApp({
      db: database.db,
      env: {
        PUBLIC_URL: "https://promptshelf.example",
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
      },
    });
    const user = await createUser(database.db);
    const token = (await signedInCookie(database.db, user.id)).split("=")[1];
    const res = await app.request("http://10.0.0.5:8080/dashboard", {
      method: "POST",
      headers: {
        cookie: `__Host-ps_session=${token}`,
        origin: "https://promptshelf.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "create", promptText: "Made behind a proxy" }).toString(),
    });
    expect(res.status).toBe(200);
    const list = await app.request("http://10.0.0.5:8080/api/v1/prompts?scope=personal", {
      headers: { cookie: `__Host-ps_session=${token}` },
    });
    expect(((await list.json()) as { items: { promptText: string }[] }).items[0]?.promptText).toBe(
      "Made behind a proxy",
    );
  });
});
