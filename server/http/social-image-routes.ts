import type { Context } from "hono";
import { Hono } from "hono";
import { findPublicCollection } from "../collections/find-public-collection.ts";
import type { Database } from "../db/client.ts";
import { findSharedPrompt } from "../prompts/find-shared-prompt.ts";
import {
  collectionImageFields,
  imageVersion,
  promptImageFields,
} from "../social-images/image-fields.ts";
import type { KeptImages } from "../social-images/kept-images.ts";
import type { PromptCardFields } from "../social-images/prompt-card-image.ts";
import { renderSocialImage } from "../social-images/render-social-image.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * /p/<short id>/image.png: a shared prompt's social image, the og:image of its page, and
 * /c/<short id>/image.png a public collection's. The same for everyone, so shared caches keep
 * them a day (a collection's page names its image by what the image draws, a prompt's page by
 * the prompt's version, so a change is a new address). Anything but a shared prompt or public
 * collection is not found, as its page is. Rendered images are kept in memory (`images`, their
 * share of the memory budget), at about 60 KB each.
 */
export function socialImageRoutes(options: { db: Database; images: KeptImages }) {
  const { images } = options;
  const routes = new Hono<AppEnv>();
  routes.get("/p/:short{[0-9A-Za-z]{11}}/image.png", async (c) => {
    const short = c.req.param("short");
    const found = await findSharedPrompt({ db: options.db, short, excerpt: true });
    if (found.status !== "shared") {
      c.header("Cache-Control", "public, max-age=60");
      return found.status === "gone" ? c.text("Gone", 410) : c.text("Not found", 404);
    }
    return png(c, images, found.prompt.id, promptImageFields(found.prompt));
  });
  routes.get("/c/:short{[0-9A-Za-z]{11}}/image.png", async (c) => {
    const collection = await findPublicCollection({ db: options.db, ref: c.req.param("short") });
    if (!collection) {
      c.header("Cache-Control", "public, max-age=60");
      return c.text("Not found", 404);
    }
    return png(c, images, collection.id, collectionImageFields(collection));
  });
  return routes;
}

/**
 * The image of these fields, kept and found again by what it draws: an item renamed or deleted,
 * or an owner renamed, is a new image, whether or not the collection was edited. The ETag is the
 * same name, so a client that has the image is answered 304.
 */
async function png(c: Context<AppEnv>, images: KeptImages, id: string, fields: PromptCardFields) {
  const version = imageVersion(fields);
  const etag = `"${version}"`;
  c.header("Cache-Control", "public, max-age=86400");
  c.header("ETag", etag);
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  const image = await images.image(`${id} ${version}`, () => renderSocialImage(fields));
  c.header("Content-Type", "image/png");
  return c.body(new Uint8Array(image));
}
