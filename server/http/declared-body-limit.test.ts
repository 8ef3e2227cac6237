import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { rawRequest } from "../../tests/support/raw-request.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import type { DatabaseHandle } from "../db/client.ts";

// The body limit judges a stated length without touching the body (so the Node adapter never
// builds a web stream for it), and still counts a chunked body as it arrives.
let database: DatabaseHandle;
let listener: Awaited<ReturnType<typeof startTestListener>>;

beforeAll(async () => {
  database = await createTestDatabase();
  listener = await startTestListener(database, { env: { BODY_LIMIT: "1000" } });
});
afterAll(async () => {
  await listener.close();
  await database.close();
});

/** A request whose body stream is counted each time something asks for it. */
class WatchedRequest extends Request {
  static streams = 0;
  override get body() {
    WatchedRequest.streams++;
    return super.body;
  }
}

it("lets a body of stated length through without asking for its stream, and refuses one too long", async () => {
  const person = await apiPerson(database.db, listener.app);
  const send = (text: string) =>
    listener.app.fetch(
      new WatchedRequest("http://localhost:3000/api/v1/prompts", {
        method: "POST",
        headers: {
          cookie: person.actor.cookie,
          origin: "http://localhost:3000",
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(text)),
        },
        body: text,
      }),
    );
  const created = await send(JSON.stringify({ promptText: "a short prompt", shared: false }));
  expect(created.status).toBe(201);
  expect(WatchedRequest.streams).toBe(0);
  const long = await send(JSON.stringify({ promptText: "x".repeat(2000), shared: false }));
  expect(long.status).toBe(413);
  expect(WatchedRequest.streams).toBe(0);
});

it("counts a chunked body as it arrives and refuses it past the limit", async () => {
  const person = await apiPerson(database.db, listener.app);
  const send = (text: string) =>
    rawRequest(`${listener.origin}/api/v1/prompts`, {
      method: "POST",
      headers: {
        cookie: person.actor.cookie,
        origin: "http://localhost:3000",
        host: "localhost:3000",
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      body: text,
    });
  expect((await send(JSON.stringify({ promptText: "chunked", shared: false }))).status).toBe(201);
  const long = await send(JSON.stringify({ promptText: "x".repeat(2000), shared: false }));
  expect(long.status).toBe(413);
});
