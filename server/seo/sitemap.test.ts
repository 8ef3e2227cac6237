import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "../../shared/pages.ts";
import { promptPath } from "../../shared/public-address.ts";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { seoRoutes } from "../http/seo-routes.ts";

/** The sitemap index and its files, split three URLs to a file so that splitting shows. */

const origin = "https://promptshelf.example";
const day = 24 * 60 * 60 * 1000;
let database: DatabaseHandle;
let shared: { id: string; title: string; updatedAt: Date }[] = [];
const personal: { id: string; title: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createUser(database.db);
  const start = Date.parse("2026-01-01T12:00:00Z");
  // Eight shared prompts, two with the same creation time, each changed on a day of its own.
  for (let index = 0; index < 8; index++) {
    shared.push(
      await createPrompt(database.db, {
        userId: owner.id,
        isShared: true,
        title: `Shared prompt ${index} & <friends>`,
        createdAt: new Date(start + Math.min(index, 6) * 60_000),
        updatedAt: new Date(start + ((index * 5) % 8) * day),
      }),
    );
    if (index % 3 === 0) {
      personal.push(
        await createPrompt(database.db, {
          userId: owner.id,
          isShared: false,
          title: `Personal prompt ${index}`,
          createdAt: new Date(start + index * 60_000 + 1),
        }),
      );
    }
  }
  const order = (p: { createdAt: Date; id: string }) => `${p.createdAt.toISOString()} ${p.id}`;
  shared = (shared as ((typeof shared)[number] & { createdAt: Date })[]).sort((a, b) =>
    order(a) < order(b) ? -1 : 1,
  );
});
afterAll(async () => {
  await database.close();
});

function routes(fileSize = 3) {
  return seoRoutes({
    db: database.db,
    publicOrigin: origin,
    publicPrompts: async () => [],
    fileSize,
    refreshMs: 60_000,
  });
}

const urlset =
  /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n( {2}<url><loc>[^<>&]*<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>\n)*<\/urlset>\n$/;
const sitemapindex =
  /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n( {2}<sitemap><loc>[^<>&]*<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>\n)*<\/sitemapindex>\n$/;

function entries(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((match) => ({
    loc: match[1] ?? "",
    lastmod: match[2] ?? "",
  }));
}

async function fetchXml(app: ReturnType<typeof routes>, path: string) {
  const res = await app.request(path);
  return { res, xml: await res.text() };
}

describe("the sitemap index", () => {
  it("lists the pages file and prompt files of at most the file size, each with the newest change in it", async () => {
    const app = routes();
    const index = await fetchXml(app, "/sitemap.xml");
    expect(index.res.status).toBe(200);
    expect(index.res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(index.res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(index.xml).toMatch(sitemapindex);
    const files = entries(index.xml);
    expect(files.map((file) => file.loc)).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/prompts-1.xml`,
      `${origin}/sitemaps/prompts-2.xml`,
      `${origin}/sitemaps/prompts-3.xml`,
    ]);

    const listed: string[] = [];
    for (const [n, file] of files.slice(1).entries()) {
      const { res, xml } = await fetchXml(app, `/sitemaps/prompts-${n + 1}.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
      expect(xml).toMatch(urlset);
      const urls = entries(xml);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(3);
      expect(file.lastmod).toBe(
        urls
          .map((url) => url.lastmod)
          .sort()
          .at(-1),
      );
      listed.push(...urls.map((url) => url.loc));
      for (const url of urls) {
        const prompt = shared.find((candidate) => `${origin}${promptPath(candidate)}` === url.loc);
        expect(url.lastmod).toBe(prompt?.updatedAt.toISOString().slice(0, 10));
      }
    }
    // Every shared prompt exactly once, in creation order, and no personal prompt.
    expect(listed).toEqual(shared.map((prompt) => `${origin}${promptPath(prompt)}`));
    for (const prompt of personal) {
      expect(listed).not.toContain(`${origin}${promptPath(prompt)}`);
    }
  });

  it("answers 404 for a file it does not have", async () => {
    const app = routes();
    for (const path of [
      "/sitemaps/prompts-4.xml",
      "/sitemaps/prompts-0.xml",
      "/sitemaps/prompts.xml",
      "/sitemaps/pages-1.xml",
      "/sitemaps/people.xml",
      "/sitemaps/prompts-1.txt",
      `/sitemaps/prompts-${"9".repeat(20)}.xml`,
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it("takes up to 50,000 URLs a file by default", async () => {
    const app = routes(50_000);
    const files = entries((await fetchXml(app, "/sitemap.xml")).xml);
    expect(files.map((file) => file.loc)).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/prompts-1.xml`,
    ]);
    expect(entries((await fetchXml(app, "/sitemaps/prompts-1.xml")).xml).length).toBe(8);
  });

  it("the pages file lists every public page, the browse page among them", async () => {
    const { xml } = await fetchXml(routes(), "/sitemaps/pages.xml");
    expect(xml).toMatch(urlset);
    const urls = entries(xml);
    expect(urls.map((url) => url.loc)).toEqual(
      pagePaths("public").map((path) => `${origin}${path}`),
    );
    expect(urls.map((url) => url.loc)).toContain(`${origin}/prompts`);
    const newestChange = shared.map((prompt) => prompt.updatedAt.toISOString().slice(0, 10)).sort();
    expect(urls.find((url) => url.loc === `${origin}/prompts`)?.lastmod).toBe(
      [newestChange.at(-1) ?? "", "2026-11-22"].sort().at(-1),
    );
  });

  it("keeps a file's prompts in it until the next pass; a new share lands in the last file, a deleted one leaves", async () => {
    const app = routes();
    await fetchXml(app, "/sitemap.xml");
    const owner = await createUser(database.db);
    const added = await createPrompt(database.db, {
      userId: owner.id,
      isShared: true,
      title: "Added later",
      createdAt: new Date("2026-06-01T00:00:00Z"),
    });
    const gone = shared[0];
    if (!gone) throw new Error("no prompts");
    await database.db.delete(prompts).where(eq(prompts.id, gone.id));
    try {
      const files = await Promise.all(
        [1, 2, 3].map(async (n) =>
          entries((await fetchXml(app, `/sitemaps/prompts-${n}.xml`)).xml),
        ),
      );
      const listed = files.flat().map((url) => url.loc);
      expect(listed).not.toContain(`${origin}${promptPath(gone)}`);
      expect(files[2]?.map((url) => url.loc)).toContain(`${origin}${promptPath(added)}`);
      expect(new Set(listed).size).toBe(listed.length);
      expect(files.every((file) => file.length <= 3)).toBe(true);
    } finally {
      await database.db.delete(prompts).where(eq(prompts.id, added.id));
      await createPrompt(database.db, { ...gone, userId: owner.id, isShared: true });
    }
  });
});

describe("through the app", () => {
  it("serves the index, the files and robots.txt with public caching", async () => {
    const app = await createTestApp({ db: database.db });
    const index = await app.request("/sitemap.xml");
    expect(index.status).toBe(200);
    const xml = await index.text();
    expect(xml).toMatch(sitemapindex);
    expect(xml).toContain("<loc>http://localhost:3000/sitemaps/prompts-1.xml</loc>");
    const file = await app.request("/sitemaps/prompts-1.xml", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-encoding")).toBe("gzip");
    const body = gunzipSync(Buffer.from(await file.arrayBuffer())).toString();
    expect(body).toMatch(urlset);
    expect(body).toContain("<loc>http://localhost:3000/p/");
  });

  it("robots.txt opens the public pages and prompt pages, and shuts every signed-in path and the machinery", async () => {
    const app = await createTestApp({ db: database.db });
    const res = await app.request("/robots.txt");
    expect(res.headers.get("cache-control")).toMatch(/^public/);
    const text = await res.text();
    const shut = text
      .split("\n")
      .filter((line) => line.startsWith("Disallow: "))
      .map((line) => line.slice("Disallow: ".length));
    for (const path of ["/api/", "/auth/", "/mcp", "/oauth/", "/dev-idp/", "/settings$"]) {
      expect(shut).toContain(path);
    }
    for (const path of pagePaths("per-person", "private", "admin")) {
      expect(shut).toContain(`${path}$`);
    }
    // Robots rules match by prefix: nothing shut may be the start of a public address.
    const open = [...pagePaths("public"), "/prompts?q=x&page=2", "/p/3kTMd8e2QbX-a-prompt"];
    for (const rule of shut) {
      const exact = rule.endsWith("$");
      const prefix = exact ? rule.slice(0, -1) : rule;
      for (const path of open) {
        expect(exact ? path === prefix : path.startsWith(prefix), `${rule} shuts ${path}`).toBe(
          false,
        );
      }
    }
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
