import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { landingPages } from "../../shared/landing-pages.ts";
import { collectionPath, promptPath } from "../../shared/public-address.ts";
import { capturedLogger } from "../../tests/support/captured-logger.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { type RawResponse, rawRequest } from "../../tests/support/raw-request.ts";
import { testConfig } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { cookieNames } from "../auth/cookies.ts";
import { createKeptAnswers } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collections, profiles, storedPages } from "../db/schema.ts";
import { createChangeFeed } from "../live/change-feed.ts";
import { createApp } from "./app.ts";
import { inFlightRequests } from "./in-flight.ts";
import { createNodeListener } from "./node-listener.ts";

/**
 * A HEAD asks for the headers a GET would get, and nothing else: it must never leave a page
 * without its body for the GETs after it, in memory or in the database.
 */
let database: DatabaseHandle;
let cookie: string;
const paths: Record<string, string> = {};
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createUser(database.db);
  cookie = await signedInCookie(database.db, owner.id);
  const handle = `head-${owner.id.slice(0, 8)}`;
  await database.db
    .update(profiles)
    .set({ isPublic: true, handle, displayName: "Head Tester" })
    .where(eq(profiles.id, owner.id));
  const values = {
    userId: owner.id,
    isShared: true,
    title: "Chess Coach",
    category: "Chess Coach",
  };
  const prompt = await createPrompt(database.db, { ...values, promptText: "Teach me chess." });
  await createPrompt(database.db, { ...values, promptText: "Play chess with me." });
  const [collection] = await database.db
    .insert(collections)
    .values({ userId: owner.id, title: "Openings", isPublic: true })
    .returning();
  if (!collection) throw new Error("no collection");
  await database.db
    .insert(collectionItems)
    .values({ collectionId: collection.id, promptId: prompt.id, position: 0 });
  Object.assign(paths, {
    home: "/",
    privacy: "/privacy",
    landing: landingPages[0]?.path ?? "/",
    browse: "/prompts",
    search: "/prompts?q=chess",
    prompt: promptPath(prompt),
    promptData: `${promptPath(prompt)}.data`,
    profile: `/u/${handle}`,
    collection: collectionPath(collection),
  });
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await database.close();
});

/**
 * The server as production runs it, on a free port: the Node listener in front of the app,
 * answers kept in memory, prompt pages stored in the database under `build`, and every log
 * line captured.
 */
async function startServer(build = "build-a") {
  const config = testConfig();
  const kept = createKeptAnswers({
    sessionCookie: cookieNames(false).session,
    stored: { db: database.db, build },
  });
  const { log, written } = capturedLogger();
  const feed = createChangeFeed(database, log, kept.channel);
  await feed.ready;
  const pages = await import(inject("pagesBuildPath"));
  const app = createApp({
    config,
    db: database.db,
    log,
    loadBuild: async () => pages,
    changeFeed: feed,
    kept,
  });
  const server = createServer(
    createNodeListener({
      app,
      config,
      log,
      inFlight: inFlightRequests(),
      isDraining: () => false,
      kept,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const running = {
    ask: (path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
      rawRequest(`${origin}${path}`, options),
    logged: () =>
      written()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { msg: string; method?: string; path?: string }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await feed.close();
    },
  };
  servers.push(running);
  return running;
}

/** The headers but those made for each sending: its moment, its id, and where it came from. */
function withoutMoment(headers: IncomingHttpHeaders) {
  const { date: _date, "x-request-id": _id, "cache-status": _from, ...rest } = headers;
  return rest;
}

/** A page as a browser reads it: brotli undone. */
function pageText(response: RawResponse) {
  return response.headers["content-encoding"] === "br"
    ? brotliDecompressSync(response.body).toString()
    : response.body.toString();
}

const publicKinds = [
  "home",
  "privacy",
  "landing",
  "browse",
  "search",
  "prompt",
  "promptData",
  "profile",
  "collection",
];

describe("a HEAD for a page nobody asked for in the last minute", () => {
  it.each(publicKinds)(
    "%s: gets the GET's headers, and leaves every GET the whole page",
    async (kind) => {
      const server = await startServer();
      const path = paths[kind] ?? "";
      const head = await server.ask(path, { method: "HEAD" });
      const get = await server.ask(path);
      const again = await server.ask(path);

      expect(get.status).toBe(200);
      expect(get.headers["cache-control"]).toMatch(/^public/);
      expect(pageText(get)).toMatch(kind === "promptData" ? /Teach me chess/ : /<\/html>$/);
      expect(Number(get.headers["content-length"])).toBe(get.body.length);
      expect(again.body.equals(get.body)).toBe(true);
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(withoutMoment(head.headers)).toEqual(withoutMoment(get.headers));
    },
  );

  it("signed-in pages and their data: the GET's headers, and the whole page after", async () => {
    const server = await startServer();
    for (const path of ["/dashboard", "/dashboard.data", "/central"]) {
      const headers = { cookie };
      const head = await server.ask(path, { method: "HEAD", headers });
      const get = await server.ask(path, { headers });
      expect(get.status).toBe(200);
      expect(get.body.length).toBeGreaterThan(100);
      expect(Number(get.headers["content-length"])).toBe(get.body.length);
      expect(head.body.length).toBe(0);
      expect(withoutMoment(head.headers)).toEqual(withoutMoment(get.headers));
    }
  });

  it("is logged as a HEAD", async () => {
    const server = await startServer();
    await server.ask(paths.privacy ?? "", { method: "HEAD" });
    await server.ask(paths.privacy ?? "", { method: "HEAD" });
    const requests = server.logged().filter((line) => line.msg === "request");
    expect(requests.map(({ method, path }) => ({ method, path }))).toEqual([
      { method: "HEAD", path: "/privacy" },
      { method: "HEAD", path: "/privacy" },
    ]);
  });

  it("stores the whole prompt page, which a server started afresh then sends", async () => {
    const path = paths.prompt ?? "";
    await database.db.delete(storedPages).where(eq(storedPages.path, path));
    const first = await startServer("build-head");
    await first.ask(path, { method: "HEAD" });
    const [row] = await eventually(
      () => database.db.select().from(storedPages).where(eq(storedPages.path, path)),
      (rows) => rows.length === 1,
    );
    expect(brotliDecompressSync(row?.body ?? Buffer.alloc(0)).toString()).toMatch(
      /Teach me chess[\s\S]*<\/html>$/,
    );

    const restarted = await startServer("build-head");
    const get = await restarted.ask(path);
    expect(get.status).toBe(200);
    expect(pageText(get)).toMatch(/Teach me chess[\s\S]*<\/html>$/);
  });
});
