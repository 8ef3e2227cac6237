import { describe, expect, it } from "vitest";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { rawRequest } from "../../tests/support/raw-request.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import { preferredEncoding } from "./compression.ts";

describe("the encoding a response is sent in", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["BR", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["gzip;q=0,br;q=0,identity", null],
    ["br;q=0.000", null],
    ["gzip; q=0.5, br; q=0.8", "br"],
    ["gzip;q=0.9, br;q=0.1", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"],
    ["*", "br"],
    ["*;q=0", null],
    ["*, br;q=0", "gzip"],
    ["gzip;q=1.0, identity; q=0.5, *;q=0", "gzip"],
    ["identity", null],
    ["identity;q=0", null],
    ["identity;q=0, gzip;q=0.1", "gzip"],
    ["identity, br;q=0.5", null],
    ["deflate, compress", null],
    ["", null],
    [",,;;==", null],
  ] as const)("Accept-Encoding: %j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("a client that refuses brotli and gzip with q=0", () => {
  const refused = { "accept-encoding": "gzip;q=0, br;q=0" };

  it("gets every kind of answer uncompressed: a kept page, a page, a signed-in list", async () => {
    const database = await createTestDatabase();
    const listening = await startTestListener(database);
    try {
      const cookie = await signedInCookie(database.db, (await createUser(database.db)).id);
      for (const [path, headers] of [
        ["/terms", refused],
        ["/terms", refused],
        ["/login", refused],
        ["/dashboard", { ...refused, cookie }],
        ["/dashboard", { ...refused, cookie }],
        ["/api/v1/prompts?scope=community", { ...refused, cookie }],
      ] as const) {
        const answer = await rawRequest(`${listening.origin}${path}`, { headers });
        expect(answer.status, path).toBe(200);
        expect(answer.headers["content-encoding"], path).toBeUndefined();
        expect(answer.body.toString(), path).toMatch(/^(<!DOCTYPE html>|\{)/);
      }
    } finally {
      await listening.close();
      await database.close();
    }
  });
});
