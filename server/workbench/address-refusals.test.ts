import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type ModelServer, startModelServer } from "../../tests/support/model-server.ts";
import { createTestApp, type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { addConnection } from "../../tests/support/workbench-helpers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { AddressRefused, guardedFetch, type Resolve } from "./guarded-fetch.ts";
import { listModels } from "./model-client.ts";

const secret = { CONNECTION_SECRET: "test-connection-secret-0123456789" };

// The default policy: nothing but the public internet. Nothing here can reach it, which is the point.
let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { env: secret },
);

let models: ModelServer;
/** The same app, allowed the stand-in's address and no other private one. */
let onlyStandIn: TestApp;
beforeAll(async () => {
  models = await startModelServer();
  onlyStandIn = await createTestApp({
    db: database.db,
    env: { ...secret, CONNECTIONS_PRIVATE_ADDRESSES: "127.0.0.1" },
  });
});
afterAll(async () => {
  await models.close();
});
beforeEach(() => {
  models.answer(() => ({}));
});

const port = () => new URL(models.origin).port;

describe("an address written as an IP is refused as the connection is saved", () => {
  it.each([
    ["loopback", () => `http://127.0.0.1:${port()}/v1`, /a loopback address \(127\.0\.0\.1\)/],
    ["IPv6 loopback", () => `http://[::1]:${port()}/v1`, /a loopback address \(::1\)/],
    ["10/8", () => "http://10.1.2.3:11434/v1", /a private network address \(10\.1\.2\.3\)/],
    ["172.16/12", () => "http://172.16.0.1/v1", /a private network address \(172\.16\.0\.1\)/],
    [
      "172.16/12, its last address",
      () => "http://172.31.255.255:8080/v1",
      /a private network address \(172\.31\.255\.255\)/,
    ],
    ["192.168/16", () => "http://192.168.1.20/v1", /a private network address/],
    ["link-local", () => "http://169.254.10.10/v1", /a link-local address/],
    ["metadata", () => "http://169.254.169.254/latest", /a cloud metadata address/],
    ["IPv4 as IPv6", () => "http://[::ffff:7f00:1]/v1", /a loopback address/],
  ])("%s", async (_what, url, message) => {
    const ada = await apiPerson(database.db, app);
    const res = await ada.call("POST", "/api/v1/connections", {
      name: "Inside",
      kind: "openai-compatible",
      baseUrl: url(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      detail: "connection_address_refused",
      message: expect.stringMatching(message),
    });
  });
});

describe("an address just outside a private range is not taken for one", () => {
  it.each([
    ["172.15.255.255", "below 172.16/12"],
    ["172.32.0.1", "above 172.16/12"],
  ])("%s (%s) is saved", async (address) => {
    const ada = await apiPerson(database.db, app);
    const res = await ada.call("POST", "/api/v1/connections", {
      name: "Outside",
      kind: "openai-compatible",
      baseUrl: `http://${address}/v1`,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.baseUrl).toBe(`http://${address}/v1`);
  });
});

describe("a call is refused by where it would go", () => {
  it("a DNS name resolving to 127.0.0.1, through the same resolver the server uses", async () => {
    const ada = await apiPerson(database.db, app);
    const connection = await addConnection(ada, {
      baseUrl: `http://localhost:${port()}/v1`,
      apiKey: "sk-dns-0001",
    });
    const before = models.seen.length;
    const listed = await ada.call("GET", `/api/v1/connections/${connection.id}/models`);
    expect(listed.status).toBe(400);
    expect(listed.body.error).toMatchObject({
      detail: "connection_address_refused",
      message: expect.stringMatching(/a loopback address \(.*\), which localhost resolves to/),
    });
    const run = await ada.call("POST", "/api/v1/runs", {
      promptText: "Hi",
      connectionId: connection.id,
      model: "stand-in-small",
    });
    expect(run.status).toBe(400);
    expect(models.seen.length).toBe(before);
  });

  it("a redirect to another address, however it is written", async () => {
    const ada = await apiPerson(database.db, onlyStandIn);
    const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
    for (const target of [
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/v1/models",
      `http://localhost:${port()}/v1/models`,
      "https://example.com/v1/models",
    ]) {
      models.answer(() => ({ redirectTo: target }));
      const before = models.seen.length;
      const listed = await ada.call("GET", `/api/v1/connections/${connection.id}/models`);
      expect(listed.status, target).toBe(400);
      expect(listed.body.error.message).toMatch(/sent PromptShelf to another address/);
      expect(models.seen.length, "only the first request was made").toBe(before + 1);
    }
  });

  it("a redirect within the same origin is followed, each hop checked", async () => {
    const ada = await apiPerson(database.db, onlyStandIn);
    const connection = await addConnection(ada, { baseUrl: `${models.origin}/old/v1` });
    models.answer((request) =>
      request.path.startsWith("/old/") ? { redirectTo: request.path.replace("/old", "") } : {},
    );
    const listed = await ada.call("GET", `/api/v1/connections/${connection.id}/models`);
    expect(listed.status).toBe(200);
    expect(models.seen.slice(-2).map((request) => request.path)).toEqual([
      "/old/v1/models",
      "/v1/models",
    ]);
  });

  it("metadata addresses stay refused even when private addresses are allowed", async () => {
    const open = await createTestApp({
      db: database.db,
      env: { ...secret, CONNECTIONS_PRIVATE_ADDRESSES: "allow" },
    });
    const ada = await apiPerson(database.db, open);
    const res = await ada.call("POST", "/api/v1/connections", {
      name: "Metadata",
      kind: "anthropic",
      baseUrl: "http://169.254.169.254",
    });
    expect(res.status).toBe(400);
    const loopback = await ada.call("POST", "/api/v1/connections", {
      name: "Ollama",
      kind: "openai-compatible",
      baseUrl: `http://127.0.0.1:${port()}/v1`,
    });
    expect(loopback.status).toBe(201);
  });
});

describe("the guarded fetch", () => {
  const limits = (resolve: Resolve) => ({
    privateAddresses: { kind: "list", entries: ["127.0.0.1"] } as const,
    responseLimit: 1_000_000,
    timeoutMs: 5_000,
    resolve,
  });

  it("connects to the address it checked, and checks each hop's own answer", async () => {
    const connection = {
      kind: "openai-compatible" as const,
      baseUrl: `http://models.invalid:${port()}/v1`,
      apiKey: null,
    };
    const signal = new AbortController().signal;
    // A name only this resolver knows: the call can only work if the socket uses its answer.
    const fixed: Resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    expect(await listModels(connection, limits(fixed), signal)).toHaveLength(2);

    // The name's answer changes between the first hop and the redirect's (DNS rebinding).
    let lookups = 0;
    const rebinding: Resolve = async () => {
      lookups++;
      return [{ address: lookups === 1 ? "127.0.0.1" : "10.0.0.7", family: 4 }];
    };
    models.answer((request) =>
      request.path === "/v1/models" ? { redirectTo: "/v1/models?again=1" } : {},
    );
    const before = models.seen.length;
    const refused = await listModels(connection, limits(rebinding), signal).catch((e) => e);
    // The SDK wraps what its fetch threw as a connection error; the refusal is its cause.
    expect(refused.cause).toBeInstanceOf(AddressRefused);
    expect(refused.cause.message).toMatch(/a private network address \(10\.0\.0\.7\)/);
    expect(lookups).toBe(2);
    expect(models.seen.length).toBe(before + 1);
  });

  it("refuses a name with any answer inside, even if another is outside", async () => {
    const fetch = guardedFetch({
      baseUrl: "http://split.invalid/v1",
      privateAddresses: { kind: "refuse" },
      responseLimit: 1000,
      keyless: true,
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    });
    await expect(fetch("http://split.invalid/v1/models")).rejects.toThrow(
      /a loopback address \(127\.0\.0\.1\), which split\.invalid resolves to/,
    );
  });

  it("never sends a credential header for a connection without a key", async () => {
    const fetch = guardedFetch({
      baseUrl: models.openAiUrl,
      privateAddresses: { kind: "allow" },
      responseLimit: 100_000,
      keyless: true,
    });
    const arrived = models.nextRequest();
    const res = await fetch(`${models.openAiUrl}/models`, {
      headers: { authorization: "Bearer leaked", "x-api-key": "leaked" },
    });
    expect(res.status).toBe(200);
    const seen = await arrived;
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers["x-api-key"]).toBeUndefined();
  });
});
