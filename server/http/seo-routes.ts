import { Hono } from "hono";
import { robotsText } from "../seo/robots.ts";
import { type SitemapOptions, sitemapSections } from "../seo/sitemap-sections.ts";
import { sitemapIndex, urlEntries, urlsetEnd, urlsetStart } from "../seo/sitemap-xml.ts";
import type { AppEnv } from "./app-env.ts";

const cacheControl = "public, max-age=3600";
const xml = "application/xml; charset=utf-8";
const fileName = /^([a-z]+)(?:-([1-9]\d{0,5}))?\.xml$/;

/**
 * /robots.txt; /sitemap.xml, an index of the sitemap files; and the files under /sitemaps/,
 * each written as its URLs are read.
 */
export function seoRoutes(options: SitemapOptions) {
  const routes = new Hono<AppEnv>();
  const sections = sitemapSections(options);

  routes.get("/robots.txt", (c) => {
    c.header("Cache-Control", cacheControl);
    return c.text(robotsText(options.publicOrigin));
  });

  routes.get("/sitemap.xml", async (c) => {
    const files = await Promise.all(
      sections.map(async (section) =>
        (await section.files()).map((lastmod, index) => ({
          loc: `${options.publicOrigin}/sitemaps/${section.name}${section.numbered ? `-${index + 1}` : ""}.xml`,
          lastmod,
        })),
      ),
    );
    c.header("Content-Type", xml);
    c.header("Cache-Control", cacheControl);
    return c.body(sitemapIndex(files.flat()));
  });

  routes.get("/sitemaps/:file", async (c) => {
    const [, name, number] = fileName.exec(c.req.param("file")) ?? [];
    const section = sections.find((candidate) => candidate.name === name);
    const urls =
      section && section.numbered === (number !== undefined)
        ? await section.urls(Number(number ?? 1))
        : undefined;
    if (!urls) return c.notFound();
    c.header("Content-Type", xml);
    c.header("Cache-Control", cacheControl);
    return c.body(streamed(urls));
  });

  return routes;
}

/** A sitemap file sent as it is read: one batch of URLs at a time, never the whole file held. */
function streamed(urls: AsyncIterable<{ loc: string; lastmod: string }[]>) {
  const encoder = new TextEncoder();
  const batches = urls[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(urlsetStart));
      }
      const next = await batches.next();
      if (next.done) {
        controller.enqueue(encoder.encode(urlsetEnd));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(urlEntries(next.value)));
    },
    async cancel() {
      await batches.return?.();
    },
  });
}
