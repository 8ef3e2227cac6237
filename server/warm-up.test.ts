import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrompt, createUser } from "../tests/support/factories.ts";
import { createTestApp, testLogger } from "../tests/support/test-app.ts";
import { createTestDatabase } from "../tests/support/test-database.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { warmUp } from "./warm-up.ts";

/** The statements a started instance sends, to tell whether a request still worked something out. */
const sent: string[] = [];
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (statement) => sent.push(statement) });
  const owner = await createUser(database.db);
  await createPrompt(database.db, { userId: owner.id, isShared: true, title: "Travel Guide" });
});
afterAll(async () => {
  await database.close();
});

/** The pass over the shared prompts' order that cuts the prompt sitemap into files. */
const isFilesPass = (statement: string) => statement.includes("row_number() over");

it("works out the sitemap's files before the first crawler asks for one", async () => {
  const app = await createTestApp({ db: database.db });
  const origin = "http://localhost:3000";
  await warmUp({ fetch: app.fetch, origin, log: testLogger() });
  expect(sent.some(isFilesPass)).toBe(true);
  sent.length = 0;
  const file = await app.fetch(new Request(`${origin}/sitemaps/prompts-1.xml`));
  expect(file.status).toBe(200);
  expect(await file.text()).toContain("/p/");
  expect(sent.filter(isFilesPass)).toEqual([]);
});
