import { Hono } from "hono";
import { contentUpdated, landingPages } from "../../shared/landing-pages.ts";
import { pagePaths } from "../../shared/pages.ts";
import type { PublicPrompt } from "../prompts/list-public-prompts.ts";
import type { AppEnv } from "./app-env.ts";

/** Pages that are only for signed-in people, administrators, or the sign-in machinery. */
const privatePaths = pagePaths("per-person", "private", "admin");

/** /sitemap.xml lists every public page with its last change; /robots.txt keeps crawlers out of the rest. */
export function seoRoutes(options: {
  publicOrigin: string;
  publicPrompts: (category: string) => Promise<PublicPrompt[]>;
}) {
  const routes = new Hono<AppEnv>();
  const cacheControl = "public, max-age=3600";

  routes.get("/robots.txt", (c) => {
    const lines = [
      "User-agent: *",
      "Allow: /",
      // "$" ends the match, so /prompt-engineering does not also block /prompt-engineering-library.
      ...privatePaths.map((path) => `Disallow: ${path}$`),
      "Disallow: /api/",
      "Disallow: /auth/",
      "Disallow: /dev-idp/",
      "",
      `Sitemap: ${options.publicOrigin}/sitemap.xml`,
    ];
    c.header("Cache-Control", cacheControl);
    return c.text(`${lines.join("\n")}\n`);
  });

  routes.get("/sitemap.xml", async (c) => {
    const landing = await Promise.all(
      landingPages.map(async (page) => {
        const newest = (await options.publicPrompts(page.category))[0]?.createdAt.slice(0, 10);
        const lastmod = newest && newest > contentUpdated.pages ? newest : contentUpdated.pages;
        return { path: page.path, lastmod };
      }),
    );
    const lastmod = new Map(landing.map((page) => [page.path, page.lastmod]));
    // A page with a parameter (/u/:handle, /c/:ref) is many addresses, listed from the database.
    const pages = pagePaths("public")
      .filter((path) => !path.includes(":"))
      .map((path) => ({
        path,
        lastmod: lastmod.get(path) ?? (path === "/" ? contentUpdated.pages : contentUpdated.legal),
      }));
    const urls = pages
      .map(
        (page) =>
          `  <url><loc>${options.publicOrigin}${page.path}</loc><lastmod>${page.lastmod}</lastmod></url>`,
      )
      .join("\n");
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", cacheControl);
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    );
  });

  return routes;
}
