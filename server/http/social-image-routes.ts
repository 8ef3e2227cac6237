import type { Context } from "hono";
import { Hono } from "hono";
import { landingPageFor } from "../../shared/landing-pages.ts";
import { findPublicCollection } from "../collections/find-public-collection.ts";
import type { Database } from "../db/client.ts";
import { findSharedPrompt } from "../prompts/find-shared-prompt.ts";
import { createKeptImages } from "../social-images/kept-images.ts";
import { renderSocialImage } from "../social-images/render-social-image.ts";
import type { AppEnv } from "./app-env.ts";

/** Images take up to this much memory; at about 60 KB each, some five hundred prompts' worth. */
const keptBytes = 32 * 1024 * 1024;

/**
 * /p/<short id>/image.png: a shared prompt's social image, the og:image of its page, and
 * /c/<short id>/image.png a public collection's. The same for everyone, so shared caches keep
 * them a day (the page names the image with its version or last change, so an edit is a new
 * address). Anything but a shared prompt or public collection is not found, as its page is.
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
    return png(c, image);
  });
  routes.get("/c/:short{[0-9A-Za-z]{11}}/image.png", async (c) => {
    const collection = await findPublicCollection({ db: options.db, ref: c.req.param("short") });
    if (!collection) {
      c.header("Cache-Control", "public, max-age=60");
      return c.text("Not found", 404);
    }
    const count = collection.items.length;
    const owner = collection.owner.displayName;
    const image = await images.image(`${collection.id} ${collection.updatedAt} ${owner}`, () =>
      renderSocialImage({
        kicker: `Collection · ${count} ${count === 1 ? "prompt" : "prompts"}`,
        title: collection.title,
        excerpt:
          collection.description || collection.items.map((item) => item.prompt.title).join(" · "),
        creator: owner,
      }),
    );
    return png(c, image);
  });
  return routes;
}

function png(c: Context<AppEnv>, image: Buffer) {
  c.header("Content-Type", "image/png");
  c.header("Cache-Control", "public, max-age=86400");
  return c.body(new Uint8Array(image));
}
