import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { signedInMemory } from "../../tests/support/signed-in-memory.ts";
import type { TestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { ChangeFeed } from "../live/change-feed.ts";

// What memory holds, for administrators alone: each cache against its share of MEMORY_BUDGET_MB.
let database: DatabaseHandle;
let app: TestApp;
let feed: ChangeFeed;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, feed } = await signedInMemory(database, {
    env: { ADMIN_EMAILS: "chief@example.com", MEMORY_BUDGET_MB: "24" },
  }));
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

it("tells an administrator what each cache holds against the budget, and nobody else", async () => {
  const admin = await apiPerson(database.db, app, { email: "chief@example.com" });
  const person = await apiPerson(database.db, app);
  // The person's session is looked up, and kept, on the way.
  expect((await person.call("GET", "/api/v1/prompts?scope=personal")).status).toBe(200);
  const answer = await admin.call("GET", "/admin/memory");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.body.budgetBytes).toBe(24 * 1024 * 1024);
  const sessions = answer.body.caches.find((cache: { kind: string }) => cache.kind === "sessions");
  expect(sessions.entries).toBeGreaterThanOrEqual(1);
  expect(sessions.bytes).toBeGreaterThan(0);
  expect(sessions.maxBytes).toBeLessThan(24 * 1024 * 1024);
  expect(answer.body.process.rss).toBeGreaterThan(0);

  expect((await person.call("GET", "/admin/memory")).status).toBe(404);
  expect((await app.request("/admin/memory")).status).toBe(404);
});
