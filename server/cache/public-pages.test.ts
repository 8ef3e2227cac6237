import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "../../shared/pages.ts";
import { promptPath } from "../../shared/public-address.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp, testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { pageDataPath } from "../http/canonical-address.ts";
import { createKeptAnswers } from "./kept-answers.ts";
import { publicPageAddress } from "./public-pages.ts";

let database: DatabaseHandle;
let cookie: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const user = await createUser(database.db, { name: "Visible Only To Me" });
  cookie = await signedInCookie(database.db, user.id);
  for (const category of ["writing", "coding", "marketing"]) {
    await createPrompt(database.db, { userId: user.id, isShared: true, category });
    await createPrompt(database.db, { userId: user.id, category });
  }
});
afterAll(async () => {
  await database.close();
});

/** The nonce is made afresh for every render; everything else must match byte for byte. */
const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');

describe("a public page is the same for everyone", () => {
  // Two apps, so each request below renders its page rather than reading the other's copy.
  let visitors: TestApp;
  let people: TestApp;
  beforeAll(async () => {
    visitors = await createTestApp({ db: database.db });
    people = await createTestApp({ db: database.db });
  });

  it.each(pagePaths("public"))("%s: identical bytes with and without a session", async (path) => {
    const headers = { "accept-encoding": "identity" };
    const anonymous = await visitors.request(path, { headers });
    const signedIn = await people.request(path, { headers: { ...headers, cookie } });
    expect(anonymous.status).toBe(200);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe(anonymous.headers.get("cache-control"));
    expect(signedIn.headers.get("set-cookie")).toBeNull();
    const [a, b] = [withoutNonce(await anonymous.text()), withoutNonce(await signedIn.text())];
    expect(b).toBe(a);
  });

  it.each(pagePaths("public").map(pageDataPath))(
    "%s: the page's data, kept like the page, is the same with and without a session",
    async (path) => {
      const headers = { "accept-encoding": "identity" };
      const anonymous = await visitors.request(path, { headers });
      const signedIn = await people.request(path, { headers: { ...headers, cookie } });
      expect(anonymous.status).toBe(200);
      expect(signedIn.status).toBe(200);
      expect(anonymous.headers.get("cache-control")).toMatch(/^public/);
      expect(signedIn.headers.get("set-cookie")).toBeNull();
      expect(await signedIn.text()).toBe(await anonymous.text());
    },
  );
});

describe("a public page asked of the app itself", () => {
  const identity = { "accept-encoding": "identity" };

  it("is rendered whole for a HEAD: the GET after it gets the whole page", async () => {
    const app = await createTestApp({ db: database.db });
    const head = await app.request("/terms", { method: "HEAD", headers: identity });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const get = await app.request("/terms", { headers: identity });
    expect(get.status).toBe(200);
    expect(await get.text()).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
  });

  it("keeps a prompt page's data apart from the part of it one set of routes asked for", async () => {
    const owner = await createUser(database.db);
    const prompt = await createPrompt(database.db, { userId: owner.id, isShared: true });
    const data = `${promptPath(prompt)}.data`;
    const whole = await (await createTestApp({ db: database.db })).request(data, {
      headers: identity,
    });
    const app = await createTestApp({ db: database.db });
    const part = await app.request(`${data}?_routes=routes%2Fpublic%2Fprompt-page`, {
      headers: identity,
    });
    const partText = await part.text();
    expect(partText).not.toContain('"root"');
    const plain = await app.request(data, { headers: identity });
    const wholeText = await whole.text();
    expect(wholeText).toContain('"root"');
    expect(await plain.text()).toBe(wholeText);
    const again = await app.request(`${data}?_routes=routes%2Fpublic%2Fprompt-page`, {
      headers: identity,
    });
    expect(await again.text()).toBe(partText);
  });
});

describe("the address a public page is rendered from", () => {
  it("is its path and the query parameters it takes, in the order asked, and nothing else", () => {
    const takes = ["q", "page"];
    expect(publicPageAddress("http://x/prompts?utm_source=a&q=poem&x=1&page=2", takes)).toBe(
      "/prompts?q=poem&page=2",
    );
    expect(publicPageAddress("http://x/prompts?page=2&q=poem", takes)).toBe(
      "/prompts?page=2&q=poem",
    );
    expect(publicPageAddress("http://x/prompts?q=a%20b", takes)).toBe("/prompts?q=a+b");
    expect(publicPageAddress("http://x/prompts?utm_source=a", takes)).toBe("/prompts");
    expect(publicPageAddress("http://x/?utm_source=a&q=1", [])).toBe("/");
  });

  it("keeps React Router's _routes on a data request only", () => {
    expect(publicPageAddress("http://x/p/one.data?_routes=root&utm_source=a", [])).toBe(
      "/p/one.data?_routes=root",
    );
    expect(publicPageAddress("http://x/p/one?_routes=root", [])).toBe("/p/one");
  });
});

describe("public pages with parameters, query strings and tags", () => {
  /**
   * Kept public pages in front of a render per page: a page per id, tagged with it, and a list
   * that takes `q`. Each render records the address it was handed, which is all it gets.
   */
  function appWithPages(options: { memory?: boolean } = {}) {
    const kept = createKeptAnswers({ sessionCookie: "session", memory: options.memory });
    const renders: string[] = [];
    const app = new Hono<AppEnv>();
    app.use((c, next) => {
      c.set("log", testLogger());
      return next();
    });
    const answer = (address: string, body: string, tags: string) => {
      renders.push(address);
      return new Response(body, {
        headers: { "Cache-Control": "public, max-age=300", "X-Kept-Tags": tags },
      });
    };
    const refOf = (address: string) => new URL(address, "http://x").pathname.split("/")[2] ?? "";
    app.get(
      "/p/:ref",
      kept.publicPage({}, async (address) =>
        refOf(address) === "gone"
          ? new Response("gone", { status: 410, headers: { "X-Kept-Tags": "prompt:gone" } })
          : answer(address, `prompt ${refOf(address)}`, `prompt:${refOf(address)} profile:u1`),
      ),
    );
    // A page during whose render the prompt it shows changes, as a notice may land mid-render.
    app.get(
      "/changing/:ref",
      kept.publicPage({}, async (address) => {
        kept.channel.promptChanged(refOf(address));
        return answer(address, `changing ${refOf(address)}`, `prompt:${refOf(address)}`);
      }),
    );
    app.get(
      "/list",
      kept.publicPage({ query: ["q"] }, async (address) =>
        answer(
          address,
          `list ${new URL(address, "http://x").searchParams.get("q") ?? ""}`,
          "community",
        ),
      ),
    );
    const get = async (path: string, init: RequestInit = {}) => {
      const headers = { "accept-encoding": "identity", ...init.headers };
      const res = await app.request(path, { ...init, headers });
      return { status: res.status, tags: res.headers.get("x-kept-tags"), body: await res.text() };
    };
    return { app, kept, renders, get };
  }

  it("keep each address once, never send their tags, and serve a fresh copy from the listener", async () => {
    const { kept, renders, get } = appWithPages();
    expect(await get("/p/one")).toEqual({ status: 200, tags: null, body: "prompt one" });
    expect(await get("/p/one")).toEqual({ status: 200, tags: null, body: "prompt one" });
    await get("/p/two");
    expect(renders).toEqual(["/p/one", "/p/two"]);
    const fresh = kept.fresh({ url: "/p/one", headers: { "accept-encoding": "identity" } });
    expect(fresh?.body.toString()).toBe("prompt one");
    expect(fresh?.headers["x-kept-tags"]).toBeUndefined();
  });

  it("say so when they are sent from memory, and not when rendered for the request", async () => {
    const { app } = appWithPages();
    const from = async () =>
      (await app.request("/p/three", { headers: { "accept-encoding": "identity" } })).headers.get(
        "cache-status",
      );
    expect(await from()).toBeNull();
    expect(await from()).toBe("PromptShelf; hit");
  });

  it("are rendered again as soon as what a tag names changes, and only those", async () => {
    const { kept, renders, get } = appWithPages();
    await get("/p/one");
    await get("/p/two");
    kept.channel.promptChanged("one");
    await get("/p/one");
    await get("/p/two");
    expect(renders).toEqual(["/p/one", "/p/two", "/p/one"]);
    kept.channel.heard("profile:u1");
    expect(kept.fresh({ url: "/p/two", headers: {} })).toBeUndefined();
    await get("/p/two");
    expect(renders).toHaveLength(4);
  });

  it("keep each query of the parameters a page takes, and one copy of any other", async () => {
    const { kept, renders, get } = appWithPages();
    expect((await get("/list?q=poem")).body).toBe("list poem");
    expect((await get("/list?q=sql")).body).toBe("list sql");
    expect((await get("/list")).body).toBe("list ");
    expect((await get("/list?utm_source=mail&q=poem")).body).toBe("list poem");
    expect((await get("/list?q=a%20b")).body).toBe("list a b");
    expect((await get("/list?q=a+b&ref=x")).body).toBe("list a b");
    expect(kept.fresh({ url: "/list?q=poem", headers: {} })?.body.toString()).toBe("list poem");
    expect(kept.fresh({ url: "/list?fbclid=1&q=poem", headers: {} })?.body.toString()).toBe(
      "list poem",
    );
    expect(kept.fresh({ url: "/list?q=other", headers: {} })).toBeUndefined();
    kept.channel.heard("community:now");
    expect(kept.fresh({ url: "/list?q=poem", headers: {} })).toBeUndefined();
    expect(renders).toEqual(["/list?q=poem", "/list?q=sql", "/list", "/list?q=a+b"]);
  });

  it("render a page that takes no query from its path alone, whatever query asked for it first", async () => {
    const { kept, renders, get } = appWithPages();
    expect((await get("/p/one?utm_source=mail")).body).toBe("prompt one");
    expect((await get("/p/one")).body).toBe("prompt one");
    expect(kept.fresh({ url: "/p/one?ref=x", headers: {} })?.body.toString()).toBe("prompt one");
    expect(renders).toEqual(["/p/one"]);
  });

  it("render from the address alone with nothing kept in memory too", async () => {
    const { renders, get } = appWithPages({ memory: false });
    await get("/p/one?utm_source=mail", { headers: { cookie: "ps_session=x" } });
    await get("/list?q=poem&utm_source=mail");
    await get("/p/gone?utm_source=mail");
    expect(renders).toEqual(["/p/one", "/list?q=poem"]);
  });

  it("keep a data request that names its routes apart from the whole data", async () => {
    const { kept, renders, get } = appWithPages();
    await get("/p/one.data?_routes=root");
    expect(kept.fresh({ url: "/p/one.data", headers: {} })).toBeUndefined();
    await get("/p/one.data");
    await get("/p/one.data?utm_source=mail");
    await get("/p/one.data?_routes=root&utm_source=mail");
    expect(kept.fresh({ url: "/p/one.data?_routes=root", headers: {} })).toBeDefined();
    expect(renders).toEqual(["/p/one.data?_routes=root", "/p/one.data"]);
  });

  it("render a GET for a HEAD, keep it whole, and send the HEAD no body", async () => {
    const { renders, get } = appWithPages();
    expect(await get("/p/one", { method: "HEAD" })).toEqual({ status: 200, tags: null, body: "" });
    expect(await get("/p/one")).toEqual({ status: 200, tags: null, body: "prompt one" });
    expect(renders).toEqual(["/p/one"]);
  });

  it("still go whole to the visitor who asked when what they show changed during the render", async () => {
    const { kept, renders, get } = appWithPages();
    expect(await get("/changing/one")).toEqual({ status: 200, tags: null, body: "changing one" });
    expect(kept.fresh({ url: "/changing/one", headers: {} })).toBeUndefined();
    expect(await get("/changing/one")).toEqual({ status: 200, tags: null, body: "changing one" });
    expect(renders).toEqual(["/changing/one", "/changing/one"]);
  });

  it("send an answer that is not kept without the tags meant for the cache", async () => {
    const { get } = appWithPages();
    expect(await get("/p/gone")).toEqual({ status: 410, tags: null, body: "gone" });
  });

  it("all go after a gap in the change channel, since a notice may have been missed", async () => {
    const { kept, renders, get } = appWithPages();
    await get("/p/one");
    kept.channel.setListening(false);
    kept.channel.setListening(true);
    await get("/p/one");
    expect(renders).toEqual(["/p/one", "/p/one"]);
  });
});
