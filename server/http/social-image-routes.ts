import { Hono } from "hono";
import { landingPageFor } from "../../shared/landing-pages.ts";
import type { Database } from "../db/client.ts";
import { findSharedPrompt } from "../prompts/find-shared-prompt.ts";
import { createKeptImages } from "../social-images/kept-images.ts";
import { renderSocialImage } from "../social-images/render-social-image.ts";
import type { AppEnv } from "./app-env.ts";

/** Images take up to this much memory; at about 60 KB each, some five hundred prompts' worth. */
const keptBytes = 32 * 1024 * 1024;

/**
 * /p/<short id>/image.png: a shared prompt's social image, the og:image of its page. The same for
 * everyone, so shared caches keep it a day (the page names it with the prompt's version, so an
 * edit is a new address). Anything but a shared prompt is not found, as its page is.
 */
export function socialImageRoutes(options: { db: Database }) {
  const images = createKeptImages({ maxBytes: keptBytes });
  const routes = new Hono<AppEnv>();
  routes.get("/p/:short{[0-9A-Za-z]{11}}/image.png", async (c) => {
    const short = c.req.param("short");
    const found = await findSharedPrompt({ db: options.db, short, excerpt: true });
    if (found.status !== "shared") {
      c.header("Cache-Control", "public, max-age=60");
      return found.status === "gone" ? c.text("Gone", 410) : c.text("Not found", 404);
    }
    const { prompt } = found;
    const image = await images.image(`${prompt.id} ${prompt.updatedAt} ${prompt.creatorName}`, () =>
      renderSocialImage({
        kicker: landingPageFor(prompt.category)?.label ?? "Community prompt",
        title: prompt.title,
        excerpt: prompt.promptText,
        creator: prompt.creatorName,
      }),
    );
    c.header("Content-Type", "image/png");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(new Uint8Array(image));
  });
  return routes;
}
