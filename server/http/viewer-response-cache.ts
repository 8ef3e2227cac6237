import type { Context, MiddlewareHandler } from "hono";
import type { CacheVersions } from "../cache/cache-versions.ts";
import type { AppEnv } from "./app-env.ts";
import { compressBody, preferredEncoding } from "./compression.ts";
import { inlineScriptHashes, type KeptAnswer, keepAnswer, replay } from "./kept-response.ts";

interface Entry {
  version: string;
  storedAt: number;
  answer: KeptAnswer;
}

/**
 * A signed-in person's library pages and prompt lists, kept in memory as sent (compressed), so
 * reloading them costs no query and no render. An answer is served only while nothing it can
 * show has changed: the community's and the person's versions (see cache-versions.ts) must be
 * those it was rendered under, and it is at most `maxAgeMs` old. Administrators' answers (they
 * see every prompt) are never kept. The least recently used answers go first past `maxBytes`.
 */
export function viewerResponseCache(options: {
  versions: CacheVersions;
  paths: ReadonlySet<string>;
  maxAgeMs: number;
  maxBytes: number;
}): MiddlewareHandler<AppEnv> {
  const { versions } = options;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.answer.body.length;
  };
  const keep = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    bytes += entry.answer.body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };

  return async (c, next) => {
    if (c.req.method !== "GET" || !versions.trusted || !options.paths.has(c.req.path)) {
      return next();
    }
    const viewer = await c.get("viewer")();
    if (!viewer || viewer.isAdmin) return next();

    const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "");
    const url = c.req.url;
    const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
    const key = `${viewer.userId} ${encoding} ${c.req.path}${query}`;
    const version = versions.of(viewer.userId);
    const cached = entries.get(key);
    if (cached?.version === version && Date.now() - cached.storedAt < options.maxAgeMs) {
      // Most recently used last, so the least used are dropped first.
      entries.delete(key);
      entries.set(key, cached);
      return replay(cached.answer);
    }
    const inFlight = rendering.get(key);
    if (inFlight) {
      const shared = await inFlight;
      if (shared?.version === version) return replay(shared.answer);
    }

    const work = capture(c, next, { version, encoding }).finally(() => {
      if (rendering.get(key) === work) rendering.delete(key);
    });
    rendering.set(key, work);
    const entry = await work;
    if (!entry) return;
    keep(key, entry);
    c.res = undefined;
    c.res = replay(entry.answer);
  };
}

/** Renders the answer through the app and keeps it, if it is a plain 200 for this person alone. */
async function capture(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  options: { version: string; encoding: "br" | "gzip" | null },
): Promise<Entry | null> {
  const storedAt = Date.now();
  await next();
  const response = c.res;
  if (
    response.status !== 200 ||
    response.headers.has("set-cookie") ||
    response.headers.has("content-encoding")
  ) {
    return null;
  }
  const raw = Buffer.from(await response.arrayBuffer());
  const isPage = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  const answer = keepAnswer(response, {
    body: options.encoding ? compressBody(raw, options.encoding) : raw,
    encoding: options.encoding,
    // Pages only: the hashes of their inline scripts stand in for the render's nonce.
    scriptHashes: isPage
      ? inlineScriptHashes(raw.toString(), c.get("secureHeadersNonce") ?? "")
      : null,
  });
  return { version: options.version, storedAt, answer };
}
