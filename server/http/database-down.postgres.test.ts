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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  await proxy.close();
  await throughProxy.close();
  await database.close();
});

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
  it("answers 503 with a clear message, stays up, and recovers by itself", async () => {
    expect((await app.request("/readyz")).status).toBe(200);
    expect((await list()).status).toBe(200);

    await proxy.stop();

    const started = performance.now();
    const readiness = await app.request("/readyz");
    expect(readiness.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(2000);

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
    let readyAfterMs = 0;
    for (const begun = performance.now(); ; await sleep(50)) {
      if ((await app.request("/readyz")).status === 200) {
        readyAfterMs = performance.now() - begun;
        break;
      }
      if (performance.now() - begun > 5000)
        throw new Error("not ready 5 s after the database returned");
    }
    expect(readyAfterMs).toBeLessThan(5000);
    console.info(`ready again ${Math.round(readyAfterMs)} ms after the database returned`);
    expect((await write("Written after the outage")).status).toBe(201);
    expect((await app.request("/dashboard", asActor(user))).status).toBe(200);
  });

  it("under load through a restart, fails only with 503 and has no errors once it is back", async () => {
    const outcomes: { at: number; status: number }[] = [];
    let running = true;
    const worker = async (id: number) => {
      for (let n = 0; running; n++) {
        const response = n % 3 === 0 ? await write(`Load ${id}-${n}`) : await list();
        await response.arrayBuffer();
        outcomes.push({ at: performance.now(), status: response.status });
      }
    };
    const workers = [1, 2, 3, 4].map(worker);
    await sleep(500);
    await proxy.stop();
    await sleep(1000);
    await proxy.start();
    const backAt = performance.now();
    await sleep(6000);
    running = false;
    await Promise.all(workers);

    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    expect([...statuses].every((status) => [200, 201, 503].includes(status))).toBe(true);
    const settled = outcomes.filter((outcome) => outcome.at > backAt + 5000);
    expect(settled.length).toBeGreaterThan(10);
    expect(settled.filter((outcome) => outcome.status >= 400)).toEqual([]);
    expect(outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    const refused = outcomes.filter((outcome) => outcome.status === 503).length;
    console.info(
      `restart under load: ${outcomes.length} requests, ${refused} answered 503, ` +
        `${settled.length} from 5 s after the return, all answered`,
    );
  });
});
