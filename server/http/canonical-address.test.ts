import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promptPath } from "../../shared/public-address.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { rawRequest } from "../../tests/support/raw-request.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { startTestListener } from "../../tests/support/test-listener.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { canonicalPagePath } from "./canonical-address.ts";

let database: DatabaseHandle;
let listening: Awaited<ReturnType<typeof startTestListener>>;
let page = "";

beforeAll(async () => {
  database = await createTestDatabase();
  listening = await startTestListener(database);
  const owner = await createUser(database.db);
  const values = {
    userId: owner.id,
    isShared: true,
    title: "Chess Coach",
    category: "Chess Coach",
  };
  page = promptPath(await createPrompt(database.db, { ...values, promptText: "Teach me chess." }));
});
afterAll(async () => {
  await listening.close();
  await database.close();
});

const ask = (path: string, method = "GET") => rawRequest(`${listening.origin}${path}`, { method });

describe("a page asked at another spelling of its address", () => {
  const spellings = (path: string): [string, string][] => [
    [`${path}/`, path],
    [`${path}//`, path],
    [`/${path}`, path],
    [path.replace("/p/", "/p//"), path],
    [path.replace("/p/", "/P/"), path],
    [`${path}/.data`, `${path}.data`],
    [`${path}.data/`, `${path}.data`],
    [`${path}/_.data`, `${path}.data`],
  ];

  it("is sent to the page's one address, query kept, without a render", async () => {
    for (const [asked, canonical] of [
      ...spellings(page),
      ["/privacy/", "/privacy"],
      ["//privacy", "/privacy"],
      ["/PRIVACY", "/privacy"],
      ["/%70rivacy", "/privacy"],
      ["/Prompts/?q=chess", "/prompts"],
      ["/dashboard/", "/dashboard"],
      ["/.data", "/_.data"],
      ["/privacy/_.data", "/privacy.data"],
    ] as [string, string][]) {
      const [path, query = ""] = asked.split("?");
      const redirected = await ask(asked);
      expect(redirected.status, asked).toBe(301);
      expect(redirected.headers.location, asked).toBe(`${canonical}${query ? `?${query}` : ""}`);
      expect(redirected.body.length, path).toBe(0);
    }
  });

  it("keeps the method of anything but GET and HEAD (308)", async () => {
    const head = await ask(`${page}/`, "HEAD");
    expect(head.status).toBe(301);
    const post = await ask(`${page}/?x=1`, "POST");
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe(`${page}?x=1`);
  });

  it("is followed to the page kept in memory: the other spelling costs no render", async () => {
    // A rendered page is kept once it is compressed, off the request: wait until it is.
    const rendered = await eventually(
      () => ask(page),
      (answer) => String(answer.headers["cache-status"]).includes("hit"),
    );
    expect(rendered.headers["cache-status"]).toContain("hit");
    const before = listening.calls.count;
    const redirected = await ask(`${page}/?utm_source=mail`);
    const followed = await ask(redirected.headers.location ?? "");
    // The redirect is the app's; the page itself is sent from memory.
    expect(listening.calls.count).toBe(before + 1);
    expect(followed.status).toBe(200);
    expect(followed.body.equals(rendered.body)).toBe(true);
  });
});

describe("the one address", () => {
  it("leaves page addresses, other paths and encoded characters that mean something alone", () => {
    for (const path of [
      "/",
      "/privacy",
      "/p/AbCdEfGhIjK-chess",
      "/p/AbCdEfGhIjK-chess.data",
      "/u/Someone",
      "/_.data",
      "/privacy.data",
      "/_root.data",
      "/api/v1/prompts/",
      "/assets//x.js",
      "/no/such/page/",
      "/p/AbCdEfGhIjK%2Edata",
      "/p/AbCdEfGhIjK%2Fx",
      "/p/caf%C3%A9",
    ]) {
      expect(canonicalPagePath(path), path).toBeUndefined();
    }
  });

  it("is never another host's address", () => {
    for (const path of ["//evil.example/", "///evil.example", "//evil.example//"]) {
      const canonical = canonicalPagePath(path);
      expect(canonical === undefined || !canonical.startsWith("//"), path).toBe(true);
    }
    expect(canonicalPagePath("//")).toBe("/");
    expect(canonicalPagePath("//p/AbCdEfGhIjK")).toBe("/p/AbCdEfGhIjK");
    expect(canonicalPagePath("/%2F%2Fevil.example")).toBeUndefined();
  });
});
