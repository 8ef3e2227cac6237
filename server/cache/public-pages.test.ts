import { type Context, Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "../../shared/pages.ts";
import { promptPath } from "../../shared/public-address.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import {
  createTestApp,
  type TestApp,
  testConfig,
  testLogger,
} from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { cookieNames } from "../auth/cookies.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { pageDataPath } from "../http/canonical-address.ts";
import { sessionMiddleware } from "../http/session-middleware.ts";
import { createKeptAnswers } from "./kept-answers.ts";

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

  it("is never kept from a HEAD: the GET after it gets the whole page", async () => {
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

describe("a public page that reads the viewer while it renders", () => {
  /** The app's session middleware and kept public pages, in front of a page that asks who is viewing. */
  function appWithNosyPage(strict: boolean) {
    const config = testConfig();
    const cookies = cookieNames(false);
    const kept = createKeptAnswers({ sessionCookie: cookies.session, strict });
    const renders = { count: 0 };
    const app = new Hono<AppEnv>();
    app.use((c, next) => {
      c.set("log", testLogger());
      return next();
    });
    app.use(
      sessionMiddleware({
        db: database.db,
        cookies,
        https: false,
        settings: config.session,
        adminEmails: config.adminEmails,
        sessions: kept.sessions,
      }),
    );
    app.get("/nosy", kept.publicPage({}), async (c) => {
      renders.count++;
      const viewer = await c.get("viewer")();
      c.header("Cache-Control", "public, max-age=60");
      return c.html(`<p>Hello ${viewer?.name ?? "visitor"}</p>`);
    });
    app.onError((error, c) => c.text(error.message, 500));
    return { app, renders };
  }

  it("fails in development and tests, so it is caught where it is written", async () => {
    const { app } = appWithNosyPage(true);
    const res = await app.request("/nosy", { headers: { cookie } });
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/^The public page \/nosy read the viewer while rendering/);
  });

  it("in production goes to its visitor alone and is never kept", async () => {
    const { app, renders } = appWithNosyPage(false);
    const first = await app.request("/nosy", { headers: { cookie } });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Visible Only To Me");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const visitor = await app.request("/nosy");
    expect(await visitor.text()).toContain("Hello visitor");
    expect(renders.count).toBe(2);
  });
});

describe("public pages with parameters, query strings and tags", () => {
  /** Kept public pages in front of a page per id, tagged with it, and a list whose query counts. */
  function appWithPages() {
    const kept = createKeptAnswers({ sessionCookie: "session", strict: true });
    const renders: string[] = [];
    const app = new Hono<AppEnv>();
    app.use((c, next) => {
      c.set("log", testLogger());
      return next();
    });
    const answer = (c: Context<AppEnv>, body: string, tags: string) => {
      renders.push(c.req.url.slice(c.req.url.indexOf("/", 8)));
      c.header("Cache-Control", "public, max-age=300");
      c.header("X-Kept-Tags", tags);
      return c.html(body);
    };
    app.get("/p/:ref", kept.publicPage({}), (c) =>
      c.req.param("ref") === "gone"
        ? c.html("gone", 410, { "X-Kept-Tags": "prompt:gone" })
        : answer(c, `prompt ${c.req.param("ref")}`, `prompt:${c.req.param("ref")} profile:u1`),
    );
    // A page during whose render the prompt it shows changes, as a notice may land mid-render.
    app.get("/changing/:ref", kept.publicPage({}), (c) => {
      kept.channel.promptChanged(c.req.param("ref"));
      return answer(c, `changing ${c.req.param("ref")}`, `prompt:${c.req.param("ref")}`);
    });
    app.get("/list", kept.publicPage({ query: true }), (c) =>
      answer(c, `list ${c.req.query("q") ?? ""}`, "community"),
    );
    const get = async (path: string) => {
      const res = await app.request(path, { headers: { "accept-encoding": "identity" } });
      return { status: res.status, tags: res.headers.get("x-kept-tags"), body: await res.text() };
    };
    return { kept, renders, get };
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

  it("keep each query of a page whose query counts, and one copy of any other", async () => {
    const { kept, renders, get } = appWithPages();
    expect((await get("/list?q=poem")).body).toBe("list poem");
    expect((await get("/list?q=sql")).body).toBe("list sql");
    expect((await get("/list")).body).toBe("list ");
    expect(kept.fresh({ url: "/list?q=poem", headers: {} })?.body.toString()).toBe("list poem");
    expect(kept.fresh({ url: "/list?q=other", headers: {} })).toBeUndefined();
    expect((await get("/p/one?utm_source=mail")).body).toBe("prompt one");
    expect(kept.fresh({ url: "/p/one?ref=x", headers: {} })?.body.toString()).toBe("prompt one");
    kept.channel.heard("community:now");
    expect(kept.fresh({ url: "/list?q=poem", headers: {} })).toBeUndefined();
    expect(renders).toEqual(["/list?q=poem", "/list?q=sql", "/list", "/p/one?utm_source=mail"]);
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
