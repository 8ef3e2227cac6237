import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asActor, createActors } from "../../tests/support/actors.ts";
import { closeTestApps, createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await closeTestApps();
  await database.close();
});

const limits = { RATE_LIMIT_SIGN_IN: "3", RATE_LIMIT_WRITES: "5" };

describe("sign-in attempts", () => {
  it("are limited per address, with Retry-After, and X-Forwarded-For is ignored unless trusted", async () => {
    await database.db.delete(rateLimits);
    const app = await createTestApp({ db: database.db, env: limits });
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    for (let i = 0; i < 3; i++)
      expect((await app.request("/auth/login", from(`10.0.0.${i}`))).status).toBe(302);
    const refused = await app.request("/auth/login", from("10.0.0.99"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    const behindProxy = await createTestApp({
      db: database.db,
      env: { ...limits, TRUST_PROXY: "1" },
    });
    for (let i = 0; i < 3; i++)
      expect((await behindProxy.request("/auth/login", from("198.51.100.7"))).status).toBe(302);
    expect((await behindProxy.request("/auth/login", from("198.51.100.7"))).status).toBe(429);
    // A client cannot dodge the limit by prepending addresses: the proxy's entry is the last one.
    expect((await behindProxy.request("/auth/login", from("1.2.3.4, 198.51.100.7"))).status).toBe(
      429,
    );
    expect((await behindProxy.request("/auth/login", from("203.0.113.9"))).status).toBe(302);
  });
});

describe("writes", () => {
  it("are limited per person across every app instance sharing the database", async () => {
    await database.db.delete(rateLimits);
    const first = await createTestApp({ db: database.db, env: limits });
    const second = await createTestApp({ db: database.db, env: limits });
    const actors = await createActors(database.db);
    const post = (app: typeof first, actor: keyof typeof actors) =>
      app.request(
        "/api/v1/prompts",
        asActor(actors[actor], { method: "POST", json: { promptText: "x", shared: false } }),
      );
    for (let i = 0; i < 5; i++)
      expect((await post(i % 2 ? first : second, "userA")).status).toBe(201);
    const refused = await post(first, "userA");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect((await post(second, "userB")).status).toBe(201);
    // Reading is never limited.
    expect(
      (await first.request("/api/v1/prompts?scope=personal", asActor(actors.userA))).status,
    ).toBe(200);
  });
});
