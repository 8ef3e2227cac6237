import type { IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { rawRequest } from "../../tests/support/raw-request.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let listening: Awaited<ReturnType<typeof startTestListener>>;

beforeAll(async () => {
  database = await createTestDatabase();
  listening = await startTestListener(database);
});
afterAll(async () => {
  await listening.close();
  await database.close();
});
beforeEach(() => {
  listening.calls.count = 0;
});

/** A request to the listener, its answer exactly as sent (nothing decoded). */
function exchange(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return rawRequest(`${listening.origin}${path}`, options);
}

/** The headers but those made for each sending: its moment, its id, and where it came from. */
function withoutMoment(headers: IncomingHttpHeaders) {
  const { date: _date, "x-request-id": _id, "cache-status": _from, ...rest } = headers;
  return rest;
}

describe("a public page kept in memory", () => {
  it("is sent without the app, with the same bytes and headers the app sent", async () => {
    const brotli = { "accept-encoding": "gzip, deflate, br" };
    const rendered = await exchange("/privacy", { headers: brotli });
    expect(listening.calls.count).toBe(1);
    const kept = await exchange("/privacy?utm_source=search", { headers: brotli });
    expect(listening.calls.count).toBe(1);
    expect(kept.status).toBe(200);
    expect(kept.headers["content-encoding"]).toBe("br");
    expect(kept.headers["content-security-policy"]).toMatch(/script-src 'sha256-/);
    expect(withoutMoment(kept.headers)).toEqual(withoutMoment(rendered.headers));
    expect(kept.body.equals(rendered.body)).toBe(true);
    expect(rendered.headers["cache-status"]).toBeUndefined();
    expect(kept.headers["cache-status"]).toBe("PromptShelf; hit");
    expect(kept.headers["x-request-id"]).toMatch(/^[\w-]{36}$/);
    expect(kept.headers["x-request-id"]).not.toBe(rendered.headers["x-request-id"]);
  });

  it("is sent in the encoding each visitor accepts, and only its headers to HEAD", async () => {
    await exchange("/terms");
    const plain = await exchange("/terms", { headers: { "accept-encoding": "identity" } });
    const gzip = await exchange("/terms", { headers: { "accept-encoding": "gzip" } });
    const head = await exchange("/terms", {
      method: "HEAD",
      headers: { "accept-encoding": "gzip" },
    });
    expect(listening.calls.count).toBe(1);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toMatch(/^<!DOCTYPE html>/);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toContain("Accept-Encoding");
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(gzip.headers["content-length"]);
  });

  it("keeps its data, as a client navigation asks for it, in memory too", async () => {
    const identity = { "accept-encoding": "identity" };
    for (const path of ["/_.data", "/privacy.data", "/prompts.data?q=chess"]) {
      const before = listening.calls.count;
      const rendered = await exchange(path, { headers: identity });
      const kept = await exchange(path, { headers: identity });
      expect(listening.calls.count, path).toBe(before + 1);
      expect(rendered.status, path).toBe(200);
      expect(rendered.headers["content-type"], path).toMatch(/^text\/x-script/);
      expect(kept.body.equals(rendered.body), path).toBe(true);
    }
  });

  it("keeps a well-formed request id from a proxy and replaces any other", async () => {
    await exchange("/cookies");
    const kept = await exchange("/cookies", { headers: { "x-request-id": "proxy-id-1234" } });
    const replaced = await exchange("/cookies", { headers: { "x-request-id": "<bad id>" } });
    expect(listening.calls.count).toBe(1);
    expect(kept.headers["x-request-id"]).toBe("proxy-id-1234");
    expect(replaced.headers["x-request-id"]).not.toBe("<bad id>");
  });

  it("leaves other methods, encoded paths and every other page to the app", async () => {
    await exchange("/");
    const post = await exchange("/", { method: "POST" });
    const encoded = await exchange("/%70rivacy");
    const signedIn = await exchange("/dashboard");
    expect(listening.calls.count).toBe(4);
    expect(post.status).not.toBe(200);
    // The app sends it to the page's one address (canonical-address.ts).
    expect(encoded.status).toBe(301);
    expect(encoded.headers.location).toBe("/privacy");
    expect(signedIn.status).toBe(302);
  });
});

describe("a signed-in answer kept in memory", () => {
  it("is sent without the app, with the same bytes and headers the app sent", async () => {
    const cookie = await signedInCookie(database.db, (await createUser(database.db)).id);
    for (const path of ["/api/v1/prompts?scope=personal", "/dashboard"]) {
      const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
      const rendered = await exchange(path, { headers });
      const callsAfterRender = listening.calls.count;
      const kept = await exchange(path, { headers });
      expect(listening.calls.count).toBe(callsAfterRender);
      expect(kept.status).toBe(200);
      expect(kept.headers["content-encoding"]).toBe("br");
      expect(kept.headers["content-security-policy"]).toMatch(/^script-src /);
      expect(withoutMoment(kept.headers)).toEqual(withoutMoment(rendered.headers));
      expect(kept.body.equals(rendered.body)).toBe(true);
      expect(rendered.headers["cache-status"]).toBeUndefined();
      expect(kept.headers["cache-status"]).toBe("PromptShelf; hit");
    }
  });

  it("goes to the app for another person, a changed library, or no session", async () => {
    const plain = { "accept-encoding": "identity" };
    const cookie = await signedInCookie(database.db, (await createUser(database.db)).id);
    const other = await signedInCookie(database.db, (await createUser(database.db)).id);
    const list = "/api/v1/prompts?scope=personal";
    await exchange(list, { headers: { ...plain, cookie } });
    const before = listening.calls.count;
    const otherList = await exchange(list, { headers: { ...plain, cookie: other } });
    expect(listening.calls.count).toBe(before + 1);
    expect(JSON.parse(otherList.body.toString()).items).toEqual([]);

    const created = await exchange("/api/v1/prompts", {
      method: "POST",
      headers: {
        ...plain,
        cookie,
        "content-type": "application/json",
        origin: "http://localhost:3000",
      },
      body: JSON.stringify({ promptText: "Kept no longer", shared: false }),
    });
    expect(created.status).toBe(201);
    const afterWrite = await exchange(list, { headers: { ...plain, cookie } });
    expect(JSON.parse(afterWrite.body.toString()).items).toHaveLength(1);
    const anonymous = await exchange(list);
    expect(anonymous.status).toBe(401);
    expect(listening.calls.count).toBe(before + 4);
  });
});
