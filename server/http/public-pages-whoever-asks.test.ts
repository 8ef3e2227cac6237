import { eq } from "drizzle-orm";
import fc from "fast-check";
import {
  createContext,
  type LoaderFunctionArgs,
  type RouterContextProvider,
  type ServerBuild,
  type ServerEntryModule,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landingPages } from "../../shared/landing-pages.ts";
import { pages } from "../../shared/pages.ts";
import { collectionPath, promptPath, shortId } from "../../shared/public-address.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import {
  createTestApp,
  type TestApp,
  testConfig,
  testLogger,
} from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { cookieNames } from "../auth/cookies.ts";
import type { Viewer } from "../auth/viewer.ts";
import { createKeptAnswers } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { collectionItems, collections, profiles } from "../db/schema.ts";
import { createApp } from "./app.ts";
import { pageDataPath } from "./canonical-address.ts";
import type { RequestContext } from "./request-context.ts";

/**
 * A public page is rendered from its address alone: its path and the query parameters it
 * declares (shared/pages.ts). Whoever asks, with whatever cookies, credentials, headers and
 * other query parameters, gets the bytes the bare address gets.
 */
let database: DatabaseHandle;
const config = testConfig({ ADMIN_EMAILS: "boss@example.com" });
let personCookie: string;
let adminCookie: string;
/** Each public page kind, at an address that shows something (a 200). */
const kinds: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createUser(database.db, { name: "Owner Of Things" });
  const handle = `asks-${shortId(owner.id).slice(0, 6).toLowerCase()}`;
  await database.db
    .update(profiles)
    .set({ isPublic: true, handle, displayName: "Whoever Asks" })
    .where(eq(profiles.id, owner.id));
  const shared = {
    userId: owner.id,
    isShared: true,
    title: "Chess Coach",
    category: "Chess Coach",
  };
  const prompt = await createPrompt(database.db, { ...shared, promptText: "Teach me chess." });
  await createPrompt(database.db, { ...shared, promptText: "Play chess with me." });
  await createPrompt(database.db, { ...shared, title: "Poet", category: "claude" });
  const [collection] = await database.db
    .insert(collections)
    .values({ userId: owner.id, title: "Openings", isPublic: true })
    .returning();
  if (!collection) throw new Error("no collection");
  await database.db
    .insert(collectionItems)
    .values({ collectionId: collection.id, promptId: prompt.id, position: 0 });
  const person = await createUser(database.db, { name: "Signed In Person" });
  personCookie = await signedInCookie(database.db, person.id);
  const admin = await createUser(database.db, { email: "boss@example.com", name: "The Boss" });
  adminCookie = await signedInCookie(database.db, admin.id);

  Object.assign(kinds, {
    home: "/",
    landing: landingPages[0]?.path,
    privacy: "/privacy",
    terms: "/terms",
    cookies: "/cookies",
    browse: "/prompts",
    search: "/prompts?q=chess",
    topic: "/prompts?topic=claude",
    prompt: promptPath(prompt),
    profile: `/u/${handle}`,
    collection: collectionPath(collection),
    homeData: pageDataPath("/"),
    legalData: pageDataPath("/terms"),
    searchData: `${pageDataPath("/prompts")}?q=chess`,
    promptData: pageDataPath(promptPath(prompt)),
    promptRouteData: `${pageDataPath(promptPath(prompt))}?_routes=routes%2Fpublic%2Fprompt-page`,
    profileData: pageDataPath(`/u/${handle}`),
    collectionData: pageDataPath(collectionPath(collection)),
  });
});
afterAll(async () => {
  await database.close();
});

/** The page's own query parameters (shared/pages.ts), and React Router's `_routes` on its data. */
function declaredAt(path: string) {
  const pathname = path.split("?")[0] ?? path;
  const page = pages
    .filter(({ access }) => access === "public")
    .find(({ path: pattern }) => {
      const page = pattern.split("/");
      const asked = pathname.replace(/(_)?\.data$/, "").split("/");
      if (pattern === "/") return pathname === "/" || pathname === "/_.data";
      return (
        page.length === asked.length &&
        page.every((segment, i) => segment.startsWith(":") || segment === asked[i])
      );
    });
  const takes = page?.query ?? [];
  return pathname.endsWith(".data") ? [...takes, "_routes"] : [...takes];
}

/** An app that keeps nothing in memory: every request below is a render of its own. */
async function renderingApp() {
  const kept = createKeptAnswers({ sessionCookie: cookieNames(false).session, memory: false });
  return createTestApp({ db: database.db, config, kept });
}

/** The nonce is made afresh for every render; everything else must match byte for byte. */
const withoutNonce = (text: string) =>
  text.replaceAll(/nonce="[^"]*"/g, 'nonce=""').replaceAll(/'nonce-[^']*'/g, "'nonce-'");

/**
 * What a visitor gets: status, every header but those of the sending (the request's own id, and
 * whether it came from memory), and the body.
 */
async function answer(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers: { ...headers, "accept-encoding": "identity" } });
  const sent: Record<string, string> = {};
  for (const [name, value] of res.headers) {
    if (name !== "x-request-id" && name !== "cache-status") sent[name] = withoutNonce(value);
  }
  return { status: res.status, headers: sent, body: withoutNonce(await res.text()) };
}

/** With more parameters, after the page's own. */
function withQuery(path: string, extra: [string, string][]) {
  if (extra.length === 0) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams(extra)}`;
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
const anyText = fc
  .string({ unit: "binary", maxLength: 30 })
  .map((text) => text.replaceAll("\0", ""));
const token = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);

describe("a public page is the same whoever asks", () => {
  it("every kind: the bytes of its bare address, whatever query, cookies, credentials and headers come with it", async () => {
    const app = await renderingApp();
    const bare: Record<string, Awaited<ReturnType<typeof answer>>> = {};
    for (const [kind, path] of Object.entries(kinds)) {
      bare[kind] = await answer(app, path);
      expect(bare[kind]?.status, kind).toBe(200);
    }
    const cookie = fc.oneof(
      fc.constant(personCookie),
      fc.constant(adminCookie),
      fc.constant(`${personCookie}; theme=dark`),
      printable.map((value) => `ps_session=${value.replaceAll(";", "")}`),
      printable,
    );
    const authorization = fc.oneof(
      printable.map((value) => `Bearer ${value}`),
      printable.map((value) => `Basic ${Buffer.from(value).toString("base64")}`),
      printable,
    );
    const headers = fc.record(
      {
        cookie,
        authorization,
        "accept-language": fc.constantFrom("de-DE,de;q=0.9", "ja", "*", "fr-CA"),
        "user-agent": fc.oneof(printable, fc.constant("Googlebot/2.1")),
        "x-forwarded-for": fc.ipV4(),
        "x-forwarded-host": fc.domain(),
        "x-forwarded-proto": fc.constantFrom("http", "https"),
        forwarded: fc.ipV4().map((ip) => `for=${ip};proto=https`),
        referer: fc.webUrl(),
        origin: fc.webUrl({ withQueryParameters: false, withFragments: false }),
        "sec-fetch-site": fc.constantFrom("same-origin", "cross-site", "none"),
        "sec-fetch-mode": fc.constantFrom("navigate", "cors"),
        "if-none-match": printable,
        "cache-control": fc.constantFrom("no-cache", "max-age=0"),
        "x-requested-with": fc.constant("XMLHttpRequest"),
        dnt: fc.constant("1"),
      },
      { requiredKeys: [] },
    );
    const others = fc.dictionary(
      token.map((name) => `x-${name}`),
      printable,
      { maxKeys: 3 },
    );
    const request = fc.constantFrom(...Object.keys(kinds)).chain((kind) => {
      const path = kinds[kind] ?? "/";
      const declared = declaredAt(path);
      const name = fc.oneof(
        fc.constantFrom("utm_source", "utm_medium", "fbclid", "gclid", "ref", "do", "page", "q"),
        anyText,
      );
      const extra = fc.array(
        fc.tuple(
          name.filter((it) => it !== "" && !declared.includes(it)),
          anyText,
        ),
        { maxLength: 4 },
      );
      return fc.record({
        kind: fc.constant(kind),
        path: extra.map((pairs) => withQuery(path, pairs)),
        headers: fc.tuple(headers, others).map(([named, more]) => ({ ...more, ...named })),
      });
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ kind, path, headers }) => {
        expect(await answer(app, path, headers)).toEqual(bare[kind]);
      }),
      { numRuns: 150 },
    );
  });
});

describe("a query parameter a page does not take", () => {
  it.each([
    "home",
    "landing",
    "privacy",
    "browse",
    "search",
    "topic",
    "prompt",
    "profile",
    "collection",
    "homeData",
    "searchData",
    "promptData",
    "promptRouteData",
    "collectionData",
  ])("%s: asked first with ?utm_source=mail, the page kept is its bare address's", async (kind) => {
    const path = kinds[kind] ?? "/";
    const app = await createTestApp({ db: database.db, config });
    const first = await answer(app, withQuery(path, [["utm_source", "mail"]]));
    const after = await answer(app, path);
    const fresh = await answer(await renderingApp(), path);
    expect(first.status).toBe(200);
    expect(after).toEqual(first);
    expect(after.body).toBe(fresh.body);
  });
});

/**
 * A page build of one route under the root, whose loader says what it was handed: the request,
 * the services in its context, and whether the viewer is among them. It stands for any loader or
 * component of a public page.
 */
function tellingBuild(): ServerBuild {
  const appContext = createContext<RequestContext>();
  const viewerContext = createContext<() => Promise<Viewer | null>>();
  const loader = ({ request, context }: LoaderFunctionArgs<Readonly<RouterContextProvider>>) => {
    let viewer = "absent";
    try {
      context.get(viewerContext);
      viewer = "present";
    } catch {}
    return {
      url: request.url,
      method: request.method,
      headers: [...request.headers],
      services: Object.keys(context.get(appContext)).sort(),
      viewer,
    };
  };
  const entry: ServerEntryModule & Record<string, unknown> = {
    appContext,
    viewerContext,
    default: (_request, status, headers, context) => {
      headers.set("Content-Type", "application/json");
      headers.set("Cache-Control", "public, max-age=60");
      const told = context.staticHandlerContext.loaderData.page;
      return new Response(JSON.stringify(told), { status, headers });
    },
  };
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: () => null } },
    page: { id: "page", parentId: "root", path: "*", module: { loader, default: () => null } },
  };
  return {
    entry: { module: entry },
    routes,
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {
      v8_middleware: true,
      v8_passThroughRequests: true,
      v8_trailingSlashAwareDataRequests: true,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as ServerBuild;
}

describe("what a public page's loader is handed", () => {
  it("a GET of its address at PUBLIC_URL, with no headers, and no viewer in its context", async () => {
    const kept = createKeptAnswers({ sessionCookie: cookieNames(false).session, memory: false });
    const build = tellingBuild();
    const app = createApp({
      config,
      db: database.db,
      log: testLogger(),
      kept,
      loadBuild: async () => build,
    });
    const asked = {
      cookie: `${adminCookie}; theme=dark`,
      authorization: "Bearer not-a-token",
      "accept-language": "de-DE",
      "user-agent": "Googlebot/2.1",
      "x-forwarded-for": "203.0.113.9",
      "x-forwarded-host": "elsewhere.example",
      referer: "https://elsewhere.example/from",
      "accept-encoding": "identity",
    };
    const told = async (path: string) => (await app.request(path, { headers: asked })).json();
    const services = ["config", "cspNonce", "db", "highlights", "log", "publicPrompts"];
    const everyService = [...services, "reportError", "requestId", "showsPrompts"].sort();
    expect(await told("/privacy?utm_source=mail")).toEqual({
      url: "http://localhost:3000/privacy",
      method: "GET",
      headers: [],
      services: everyService,
      viewer: "absent",
    });
    expect(await told("/prompts?utm_source=mail&q=poem&page=2")).toMatchObject({
      url: "http://localhost:3000/prompts?q=poem&page=2",
      headers: [],
      viewer: "absent",
    });
    const data = await app.request("/prompts.data?_routes=page&utm_source=mail", {
      headers: asked,
    });
    const dataText = await data.text();
    expect(dataText).toContain('"http://localhost:3000/prompts.data?_routes=page"');
    expect(dataText).toContain('"headers",[]');
    expect(dataText).toContain('"viewer","absent"');
    expect(dataText).not.toMatch(/utm_source|ps_session|Googlebot/);
    // A signed-in page is handed the request as it came, and the viewer.
    const dashboard = await told("/dashboard?x=1");
    expect(dashboard).toMatchObject({
      url: "http://localhost:3000/dashboard?x=1",
      viewer: "present",
    });
    expect(dashboard.headers).toContainEqual(["accept-language", "de-DE"]);
  });
});
