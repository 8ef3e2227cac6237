import { randomBytes } from "node:crypto";
import pg from "pg";
import { databaseUrlFor } from "../support/database-url.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { card } from "./support/prompts.ts";
import { signIn, uniqueEmail } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

const postgres = process.env.TEST_DATABASE_URL;

// Two app processes on one PostgreSQL: what runs behind a load balancer. CI always runs it.
test.describe("two app instances on one PostgreSQL", () => {
  test.skip(!postgres, "set TEST_DATABASE_URL to run the PostgreSQL suite");
  let database = "";
  let servers: RunningServer[] = [];

  test.beforeAll(async () => {
    database = `promptshelf_e2e_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = databaseUrlFor(postgres ?? "", database);
    servers = [await startServer({ DATABASE_URL: url }), await startServer({ DATABASE_URL: url })];
  });

  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  test("a prompt shared through one appears on the other's open community page within 2 seconds", async ({
    browser,
  }) => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("servers did not start");
    const word = `aurora${Date.now()}`;
    const watcherContext = await browser.newContext({ baseURL: second.url });
    const watcher = await watcherContext.newPage();
    await signIn(watcher, { email: uniqueEmail("watcher") });
    await watcher.goto("/central");
    await expect(
      watcher.getByRole("heading", { name: "Community AI Prompt Library" }),
    ).toBeVisible();

    const sharerContext = await browser.newContext({ baseURL: first.url });
    const sharer = await sharerContext.newPage();
    await signIn(sharer, { email: uniqueEmail("sharer") });
    const res = await sharer.request.post("/api/v1/prompts", {
      data: { promptText: `An ${word} in the north`, shared: true },
    });
    expect(res.status()).toBe(201);
    await expect(card(watcher, word)).toBeVisible({ timeout: 2000 });
    await watcherContext.close();
    await sharerContext.close();
  });
});
