import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, asActor, createActors } from "../../tests/support/actors.ts";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";

// The app reaches PostgreSQL through a proxy the test can cut, as if the server stopped.
let database: DatabaseHandle;
let throughProxy: DatabaseHandle;
let proxy: TcpProxy;
let app: Awaited<ReturnType<typeof createTestApp>>;
let user: Actor;

const unavailable = "PromptShelf is briefly unavailable. Please try again in a moment.";
/** The limit on waiting for the database's return to show: for one that never shows, not a race. */
const patience = { timeout: 120_000, intervals: [50] };

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.driver !== "postgres") throw new Error("expected PostgreSQL");
  const direct = new URL(String(database.pool.options.connectionString));
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(direct);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  throughProxy = await openDatabase({ driver: "postgres", url: proxied.href });
  app = await createTestApp({ db: throughProxy.db });
  user = (await createActors(database.db)).userA;
});

afterAll(async () => {
  // The app's pool ends while the proxy still carries it: its connections close as a client
  // closes them, rather than waiting on sockets the proxy dropped.
  const pool = throughProxy.driver === "postgres" ? throughProxy.pool : undefined;
  const counts = () =>
    pool ? `${pool.totalCount} clients, ${pool.idleCount} idle, ${pool.waitingCount} waiting` : "";
  await boundedClose("the app's pool", throughProxy.close(), counts);
  await boundedClose("the proxy", proxy.close(), counts);
  await database.close();
});

/**
 * Waits for one step of closing, for a minute at most. In two full runs on CI's loaded machine
 * one of these never finished (not reproduced alone or beside other load): past the minute the
 * step and the pool's state are written out, and closing goes on, rather than the suite failing
 * after checks that passed.
 */
async function boundedClose(step: string, closing: Promise<void>, counts: () => string) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), 60_000);
  });
  const outcome = await Promise.race([closing.then(() => "closed" as const), late]);
  clearTimeout(timer);
  if (outcome === "late") console.warn(`closing ${step} took over a minute (${counts()})`);
}

const list = () => app.request("/api/v1/prompts?scope=personal", asActor(user));
const write = (label: string) =>
  app.request(
    "/api/v1/prompts",
    asActor(user, {
      method: "POST",
      json: { promptText: `Summarise this text. ${label}`, shared: false },
    }),
  );

describe("while the database is down", () => {
  // Room for a loaded machine: the pool's return took 26 s on two cores shared with other runs.
  it("answers 503 with a clear message, stays up, and recovers by itself", {
    timeout: 180_000,
  }, async () => {
    expect((await app.request("/readyz")).status).toBe(200);
    expect((await list()).status).toBe(200);

    await proxy.stop();

    // Readiness tells at once that the database is gone (its check gives up after 2 s at most).
    const asked = performance.now();
    const readiness = await app.request("/readyz");
    const notReadyMs = performance.now() - asked;
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: "database unavailable" });

    const api = await list();
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("5");
    expect(await api.json()).toEqual({ error: { code: "unavailable", message: unavailable } });
    const refusedWrite = await write("Written while down");
    expect(refusedWrite.status).toBe(503);

    const page = await app.request("/dashboard", asActor(user));
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain(unavailable);
    expect((await app.request("/healthz")).status).toBe(200);

    await proxy.start();
    const back = performance.now();
    await expect.poll(async () => (await app.request("/readyz")).status, patience).toBe(200);
    console.info(
      `not ready in ${Math.round(notReadyMs)} ms with the database down, ` +
        `ready again ${Math.round(performance.now() - back)} ms after it returned`,
    );
    expect((await write("Written after the outage")).status).toBe(201);
    expect((await app.request("/dashboard", asActor(user))).status).toBe(200);
  });

  it("under load through a restart, fails only with 503 and has no errors once it is back", {
    timeout: 180_000,
  }, async () => {
    /** Each request: when it was sent and answered, and how. */
    const outcomes: { sentAt: number; at: number; status: number }[] = [];
    let running = true;
    const worker = async (id: number) => {
      for (let n = 0; running; n++) {
        const sentAt = performance.now();
        const response = n % 3 === 0 ? await write(`Load ${id}-${n}`) : await list();
        await response.arrayBuffer();
        outcomes.push({ sentAt, at: performance.now(), status: response.status });
      }
    };
    const workers = [1, 2, 3, 4].map(worker);
    let readyAt = Number.POSITIVE_INFINITY;
    const settled = () => outcomes.filter((outcome) => outcome.sentAt > readyAt);
    try {
      // Served before the outage, refused during it, then back: each waited for as it happens.
      await expect.poll(() => outcomes.length, patience).toBeGreaterThanOrEqual(8);
      await proxy.stop();
      await expect
        .poll(() => outcomes.some((outcome) => outcome.status === 503), patience)
        .toBe(true);
      await proxy.start();
      await expect.poll(async () => (await app.request("/readyz")).status, patience).toBe(200);
      readyAt = performance.now();
      await expect.poll(() => settled().length, patience).toBeGreaterThanOrEqual(20);
    } finally {
      // The load stops with the test, however it ends.
      running = false;
      await Promise.all(workers);
    }

    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    expect([...statuses].every((status) => [200, 201, 503].includes(status))).toBe(true);
    // Every request sent once readiness is back is answered.
    expect(settled().filter((outcome) => outcome.status >= 400)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.status === 503).length;
    console.info(
      `restart under load: ${outcomes.length} requests, ${refused} answered 503, ` +
        `${settled().length} sent once it was ready again, all answered`,
    );
  });
});
