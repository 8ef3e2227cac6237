import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";
import { inlineScriptHashes, keptHeaders, replay } from "./kept-response.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface CachedPage {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** 'sha256-…' for each inline script: the page's CSP, since a cached page has no fresh nonce. */
  scriptHashes: string[];
  renderedAt: number;
}

/**
 * Public pages are the same for every visitor, so each is rendered once and served from memory,
 * already compressed. When a copy is older than `refreshMs`, the next request renders it again
 * while everyone else keeps getting the old copy. Only 200 responses marked public are kept.
 */
export function publicPageCache(refreshMs: number): MiddlewareHandler<AppEnv> {
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();

  return async (c, next) => {
    const key = c.req.path;
    const cached = pages.get(key);
    if (cached && Date.now() - cached.renderedAt <= refreshMs) return serve(c, cached);
    const inFlight = rendering.get(key);
    if (inFlight) {
      if (cached) return serve(c, cached);
      const page = await inFlight;
      if (page) return serve(c, page);
      await next();
      return c.res;
    }
    const work = capture(c, next).finally(() => rendering.delete(key));
    rendering.set(key, work);
    const page = await work;
    if (!page) return c.res;
    pages.set(key, page);
    // The rendered response is already in c.res; replace it rather than merge into it.
    c.res = undefined;
    c.res = serve(c, page);
    return c.res;
  };
}

/** Renders the page through the app and keeps it, if it is public. */
async function capture(c: Context<AppEnv>, next: () => Promise<void>): Promise<CachedPage | null> {
  c.set("renderingForCache", true);
  await next();
  const response = c.res;
  if (response.status !== 200 || !response.headers.get("cache-control")?.startsWith("public"))
    return null;
  const html = await response.text();
  const identity = Buffer.from(html);
  return {
    status: response.status,
    headers: keptHeaders(response),
    identity,
    br: await brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: await gzipAsync(identity, { level: 9 }),
    scriptHashes: inlineScriptHashes(html, c.get("secureHeadersNonce") ?? ""),
    renderedAt: Date.now(),
  };
}

function serve(c: Context<AppEnv>, page: CachedPage) {
  const accepted = c.req.header("accept-encoding") ?? "";
  const [encoding, body] = /\bbr\b/.test(accepted)
    ? (["br", page.br] as const)
    : /\bgzip\b/.test(accepted)
      ? (["gzip", page.gzip] as const)
      : ([null, page.identity] as const);
  return replay({
    status: page.status,
    headers: page.headers,
    body,
    encoding,
    scriptHashes: page.scriptHashes,
    head: c.req.method === "HEAD",
  });
}
