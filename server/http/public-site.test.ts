import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { landingPages } from "../../shared/landing-pages.ts";
import { pagePaths } from "../../shared/pages.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let queries: string[] = [];
const origin = "http://localhost:3000";

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (sql) => queries.push(sql) });
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  queries = [];
});

const publicPages = [
  "/",
  ...landingPages.map((page) => page.path),
  "/prompts",
  "/privacy",
  "/terms",
  "/cookies",
];

/** The page's head, read the way a crawler without JavaScript reads it. */
async function fetchPage(path: string) {
  const res = await app.request(path);
  const html = await res.text();
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null"),
  );
  return { res, html, meta, jsonLd };
}

describe.each(publicPages)("%s", (path) => {
  it("carries its title, description, canonical, robots, Open Graph and Twitter tags in the HTML", async () => {
    const { res, html, meta } = await fetchPage(path);
    expect(res.status).toBe(200);
    expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(meta("name", "description")?.length).toBeGreaterThan(50);
    expect(meta("name", "keywords")).toBeTruthy();
    expect(meta("name", "robots")).toBe("index, follow");
    expect(html).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
    for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
      expect(meta("property", property), property).toBeTruthy();
    }
    expect(meta("property", "og:url")).toBe(`${origin}${path}`);
    expect(meta("property", "og:image")).toMatch(new RegExp(`^${origin}/social/.+\\.png$`));
    for (const name of ["twitter:card", "twitter:title", "twitter:description", "twitter:image"]) {
      expect(meta("name", name), name).toBeTruthy();
    }
    expect(html).toMatch(/<h1[^>]*>/);
  });

  it("can be cached by a CDN and sets no cookie", async () => {
    const { res } = await fetchPage(path);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("asks the database at most once", async () => {
    await fetchPage(path);
    expect(queries.length).toBeLessThanOrEqual(1);
  });
});

describe("structured data", () => {
  it("the home page describes the WebSite and the Organization", async () => {
    const { jsonLd } = await fetchPage("/");
    const types = jsonLd.flatMap((block) =>
      (block["@graph"] ?? [block]).map((node: { "@type": string }) => node["@type"]),
    );
    expect(types).toEqual(expect.arrayContaining(["WebSite", "Organization"]));
  });

  it("each landing page is a CollectionPage listing its newest community prompts", async () => {
    const owner = await createUser(database.db, { name: "Clara Claude" });
    await createPrompt(database.db, {
      userId: owner.id,
      isShared: true,
      category: "claude",
      title: "claude",
      promptText: "Shared Claude haiku prompt",
    });
    await createPrompt(database.db, {
      userId: owner.id,
      isShared: false,
      category: "claude",
      title: "claude",
      promptText: "Private Claude note",
    });
    await createPrompt(database.db, {
      userId: owner.id,
      isShared: true,
      category: "chatgpt",
      title: "chatgpt",
      promptText: "A ChatGPT prompt",
    });
    const fresh = await createTestApp({ db: database.db });
    const res = await fresh.request("/claude-prompt-library");
    const html = await res.text();
    const [block] = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((m) => JSON.parse(m[1] ?? "null"));
    expect(block["@type"]).toBe("CollectionPage");
    expect(block.mainEntity["@type"]).toBe("ItemList");
    expect(
      block.mainEntity.itemListElement.map((item: { item: { text: string } }) => item.item.text),
    ).toEqual(["Shared Claude haiku prompt"]);
    expect(html).toContain("Shared Claude haiku prompt");
    expect(html).toContain("by Clara Claude");
    expect(html).not.toContain("Private Claude note");
    expect(html).not.toContain("A ChatGPT prompt");
  });

  it("keeps user text from closing the script tag", async () => {
    const owner = await createUser(database.db);
    const hostile = "</script><script>alert(1)</script>";
    await createPrompt(database.db, {
      userId: owner.id,
      isShared: true,
      category: "llm",
      title: "llm",
      promptText: hostile,
    });
    const html = await (
      await (await createTestApp({ db: database.db })).request("/llm-prompt-library")
    ).text();
    expect(html).not.toContain("<script>alert(1)");
  });
});

describe("sitemap and robots", () => {
  it("the sitemap's pages file lists exactly the public pages, each with a last-modified date", async () => {
    const res = await app.request("/sitemaps/pages.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const urls = [
      ...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g),
    ];
    expect(urls.map((match) => match[1]).sort()).toEqual(
      publicPages.map((path) => `${origin}${path}`).sort(),
    );
  });

  it("robots.txt allows the public pages, keeps out the signed-in ones, and names the sitemap", async () => {
    const text = await (await app.request("/robots.txt")).text();
    expect(text).toContain("Allow: /");
    for (const path of ["/dashboard$", "/admin$", "/central$", "/prompt-engineering$", "/api/"]) {
      expect(text).toContain(`Disallow: ${path}`);
    }
    // Every page that is not public, from the one list of pages (these two were once missed).
    for (const path of [
      ...pagePaths("per-person", "private", "admin"),
      "/favourites",
      "/settings",
    ]) {
      expect(text).toContain(`Disallow: ${path}$`);
    }
    expect(text).not.toMatch(/Disallow: \/prompt-engineering-library/);
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe("pages outside the public site", () => {
  it.each(["/nope", "/claude-prompt-library/extra", "/admin/secret"])(
    "%s answers 404, not indexed",
    async (path) => {
      const { res, meta } = await fetchPage(path);
      expect(res.status).toBe(404);
      expect(meta("name", "robots")).toBe("noindex, nofollow");
    },
  );

  it.each(["/login", "/admin", "/dashboard"])("%s is never indexed", async (path) => {
    const { html } = await fetchPage(path);
    expect(html).not.toContain('content="index, follow"');
  });
});

describe("pages served from memory", () => {
  it("are kept uncompressed and sent in the encoding each visitor accepts", async () => {
    const fresh = await createTestApp({ db: database.db });
    const first = await fresh.request("/cookies", { headers: { "accept-encoding": "br" } });
    expect(first.headers.get("content-encoding")).toBe("br");
    const plain = await fresh.request("/cookies", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(html));
    const gzip = await fresh.request("/cookies", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("x-content-type-options")).toBe("nosniff");
    expect(gzip.headers.get("x-request-id")).not.toBe(plain.headers.get("x-request-id"));
  });
});
