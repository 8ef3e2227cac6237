import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { preferredEncoding } from "../http/compression.ts";
import { inlineScriptHashes, type KeptAnswer, keepAnswer, replay } from "./kept-response.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Public pages are rendered again at most this often: their prompt lists are a minute fresh. */
const refreshMs = 60_000;

interface CachedPage {
  br: KeptAnswer;
  gzip: KeptAnswer;
  identity: KeptAnswer;
  renderedAt: number;
}

export interface PublicPages {
  /** For the app's public page routes: serves kept pages, and renders and keeps missing or old ones. */
  middleware: MiddlewareHandler<AppEnv>;
  /** The page kept for this path, if it is fresh, as it is sent to a client accepting these encodings. */
  fresh(path: string, acceptEncoding: string | undefined): KeptAnswer | undefined;
}

/**
 * Public pages are the same for every visitor, so each is rendered once and served from memory,
 * already compressed. When a copy is older than a minute, the next request renders it again
 * while everyone else keeps getting the old copy. Only 200 responses marked public are kept.
 *
 * A public page must not depend on who asks: one that reads the viewer while it renders would
 * put one person's variant into every visitor's copy. With `strict` (development and tests) that
 * read throws, so the page fails where it is written; otherwise the answer goes to this visitor
 * alone and is not kept.
 */
export function createPublicPages(options: { strict: boolean }): PublicPages {
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const isFresh = (page: CachedPage) => Date.now() - page.renderedAt <= refreshMs;

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = c.req.path;
    const cached = pages.get(key);
    if (cached && isFresh(cached)) return serve(c, cached);
    const inFlight = rendering.get(key);
    if (inFlight) {
      if (cached) return serve(c, cached);
      const page = await inFlight;
      if (page) return serve(c, page);
      await next();
      return c.res;
    }
    const work = capture(c, next, options.strict).finally(() => rendering.delete(key));
    rendering.set(key, work);
    const page = await work;
    if (!page) return c.res;
    pages.set(key, page);
    // The rendered response is already in c.res; replace it rather than merge into it.
    c.res = undefined;
    c.res = serve(c, page);
    return c.res;
  };

  return {
    middleware,
    fresh(path, acceptEncoding) {
      const page = pages.get(path);
      return page && isFresh(page) ? variant(page, acceptEncoding) : undefined;
    },
  };
}

/** Renders the page through the app and keeps it, if it is public and asked nobody's name. */
async function capture(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  strict: boolean,
): Promise<CachedPage | null> {
  c.set("renderingForCache", true);
  const askedWho = guardViewer(c, strict);
  await next();
  const response = c.res;
  if (askedWho()) {
    c.get("log").error({ path: c.req.path }, "a public page read the viewer; it was not kept");
    return null;
  }
  if (response.status !== 200 || !response.headers.get("cache-control")?.startsWith("public"))
    return null;
  const html = await response.text();
  const identity = Buffer.from(html);
  const scriptHashes = inlineScriptHashes(html, c.get("secureHeadersNonce") ?? "");
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return {
    br: keepAnswer(response, { body: br, encoding: "br", scriptHashes }),
    gzip: keepAnswer(response, { body: gzipped, encoding: "gzip", scriptHashes }),
    identity: keepAnswer(response, { body: identity, encoding: null, scriptHashes }),
    renderedAt: Date.now(),
  };
}

/**
 * Stands in for the request's viewer lookup while a public page renders; returns whether the
 * page asked.
 */
function guardViewer(c: Context<AppEnv>, strict: boolean) {
  const lookUp = c.get("viewer");
  let asked = false;
  c.set("viewer", () => {
    asked = true;
    if (strict) {
      throw new Error(
        `The public page ${c.req.path} read the viewer while rendering: a public page is the same for every visitor (see shared/pages.ts).`,
      );
    }
    return lookUp();
  });
  return () => asked;
}

function variant(page: CachedPage, acceptEncoding: string | undefined) {
  return page[preferredEncoding(acceptEncoding ?? "") ?? "identity"];
}

function serve(c: Context<AppEnv>, page: CachedPage) {
  return replay(variant(page, c.req.header("accept-encoding")), c.req.method === "HEAD");
}
