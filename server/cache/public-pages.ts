import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { preferredEncoding } from "../http/compression.ts";
import { createKeptPageStore, pageKey, type StoredPage } from "./kept-page-store.ts";
import { inlineScriptHashes, type KeptAnswer, keepAnswer, replay } from "./kept-response.ts";
import type { StoredPages } from "./stored-pages.ts";

const brotli = promisify(brotliCompress);

/** Public pages are rendered again at most this often: their prompt lists are a minute fresh. */
const refreshMs = 60_000;

/**
 * On a 30 KB page, brotli at quality 6 takes 0.7 ms and comes within 0.2% of quality 9's size,
 * which takes 11.5 ms: a page rendered for the first time (a prompt page of a million) would
 * spend most of its time compressing. gzip (level 6, 0.6 ms) is made only when a visitor asks for
 * it: browsers and search engines' crawlers all take brotli.
 */
const brotliQuality = 6;

/**
 * How much memory the kept public pages may take, all encodings counted: the pages people read
 * stay, the rest of a million prompt pages are rendered when asked.
 */
export const publicPageBudgetBytes = 96 * 1024 * 1024;

/**
 * The header a public page's loader names what it shows in (space-separated tags): the page is
 * dropped as soon as one of them changes. It is taken off before the answer is sent or kept.
 */
export const keptTagsHeader = "x-kept-tags";

interface CachedPage extends StoredPage {
  br: KeptAnswer;
  /** The page as rendered; a page read from the database has only its brotli copy. */
  identity?: KeptAnswer;
  renderedAt: number;
}

export interface PublicPages {
  /**
   * For one public page's route: serves its kept copies, renders and keeps missing or old ones.
   * A page declared `stored` missing from memory is read from the database, if stored there and
   * still true, else rendered and stored.
   */
  middleware(page: { query?: true; stored?: true }): MiddlewareHandler<AppEnv>;
  /** The page kept for this path and query, if it is fresh, as sent with these encodings. */
  fresh(path: string, search: string, acceptEncoding: string | undefined): KeptAnswer | undefined;
  /**
   * A message from the database's change channel: 'community:now' drops pages tagged
   * `community`; 'profile:<id>' and 'collection:<id>' drop pages with that tag.
   */
  heard(message: string): void;
  /** A shared prompt changed or went: pages tagged `prompt:<id>` go. */
  promptChanged(id: string): void;
  /** After a gap in the change channel, a tagged page may have missed its notice. */
  setListening(on: boolean): void;
}

/**
 * Public pages are the same for every visitor, so each is rendered once and served from memory,
 * already compressed. When a copy is older than a minute, the next request renders it again
 * while everyone else keeps getting the old copy; a copy whose tags changed is gone at once.
 * Only 200 responses marked public are kept.
 *
 * A public page must not depend on who asks: one that reads the viewer while it renders would
 * put one person's variant into every visitor's copy. With `strict` (development and tests) that
 * read throws, so the page fails where it is written; otherwise the answer goes to this visitor
 * alone and is not kept.
 */
export function createPublicPages(options: {
  strict: boolean;
  budgetBytes?: number;
  /** Off, nothing is kept in memory: each request renders, or reads its stored page. */
  memory?: boolean;
  /** Where pages declared `stored` are kept between renders; none, none is. */
  stored?: StoredPages;
}): PublicPages {
  const memory = options.memory ?? true;
  const store = createKeptPageStore<CachedPage>(options.budgetBytes ?? publicPageBudgetBytes);
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const isFresh = (page: CachedPage) => Date.now() - page.renderedAt <= refreshMs;

  /**
   * The page read from the database, or rendered (and then stored); null when the rendered
   * answer is not one to keep, which is then in c.res. A copy gone old in memory is rendered
   * again, so a page people read keeps its related prompts a minute fresh.
   */
  const produce = async (
    c: Context<AppEnv>,
    next: () => Promise<void>,
    declared: { query?: true; stored?: true },
    stale: boolean,
  ): Promise<CachedPage | null> => {
    const stored = declared.stored && !searchOf(c.req.url) ? options.stored : undefined;
    if (stored && !stale) {
      const found = await stored.find(c.req.path);
      if (found) {
        const { answer, tags } = found;
        return { br: answer, renderedAt: Date.now(), query: false, tags, bytes: pageBytes(answer) };
      }
    }
    const page = await capture(c, next, options.strict, declared.query === true);
    const shown = c.get("shownPrompts");
    if (page && stored && shown) {
      const saved = { path: c.req.path, shown, tags: page.tags, answer: page.br };
      void stored.save(saved).catch((error: unknown) => {
        c.get("log").warn({ err: error, path: c.req.path }, "a rendered page was not stored");
      });
    }
    return page;
  };

  const middleware =
    (declared: { query?: true; stored?: true }): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const key = pageKey(c.req.path, searchOf(c.req.url), declared.query === true);
      // A HEAD's own render has no body, so it is never kept or stored. The Node listener hands
      // the app a GET for a HEAD (head-as-get.ts); this is for the app asked directly.
      if (c.req.method === "HEAD") {
        const cached = memory ? store.peek(key) : undefined;
        if (cached) return serve(c, cached);
        await next();
        return withoutTags(c);
      }
      if (!memory) {
        if (!declared.stored || !options.stored) {
          await next();
          return withoutTags(c);
        }
        const page = await produce(c, next, declared, false);
        if (!page) return withoutTags(c);
        c.res = undefined;
        c.res = serve(c, page);
        return c.res;
      }
      const cached = store.get(key);
      if (cached && isFresh(cached)) return serve(c, cached);
      const inFlight = rendering.get(key);
      if (inFlight) {
        if (cached) return serve(c, cached);
        const page = await inFlight;
        if (page) return serve(c, page);
        await next();
        return withoutTags(c);
      }
      const keep = store.startRender();
      const work = produce(c, next, declared, cached !== undefined).then(
        (page) => ({ page, kept: keep(key, page) }),
        (error: unknown) => {
          keep(key, null);
          throw error;
        },
      );
      // Others asking meanwhile share the render only if it was kept; else they render their own.
      rendering.set(
        key,
        work.then(
          ({ page, kept }) => (kept ? page : null),
          () => null,
        ),
      );
      const { page } = await work.finally(() => rendering.delete(key));
      if (!page) return withoutTags(c);
      // A rendered response is already in c.res and its body read; a page not kept (a change
      // was heard while it rendered) still goes to this visitor, who asked before the change.
      c.res = undefined;
      c.res = serve(c, page);
      return c.res;
    };

  return {
    middleware,
    fresh(path, search, acceptEncoding) {
      // Whether this page's query counts is known from its plain copy; without one, the query is
      // taken whole, which finds only a copy kept for exactly this query.
      const plain = store.peek(path);
      const key = plain ? pageKey(path, search, plain.query) : pageKey(path, search, true);
      const page = store.get(key);
      return page && isFresh(page) ? variant(page, acceptEncoding) : undefined;
    },
    heard(message) {
      if (message === "community:now") store.drop("community");
      else if (message.startsWith("profile:") || message.startsWith("collection:")) {
        store.drop(message);
      }
    },
    promptChanged(id) {
      store.drop(`prompt:${id}`);
    },
    setListening(on) {
      if (on) store.dropTagged();
    },
  };
}

/** The query string as sent, without its "?". */
function searchOf(url: string) {
  const start = url.indexOf("?");
  return start === -1 ? "" : url.slice(start + 1);
}

/** Renders the page through the app and keeps it, if it is public and asked nobody's name. */
async function capture(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  strict: boolean,
  query: boolean,
): Promise<CachedPage | null> {
  c.set("renderingForCache", true);
  const askedWho = guardViewer(c, strict);
  await next();
  const response = c.res;
  const tags = (response.headers.get(keptTagsHeader) ?? "").split(" ").filter(Boolean);
  if (askedWho()) {
    c.get("log").error({ path: c.req.path }, "a public page read the viewer; it was not kept");
    return null;
  }
  if (response.status !== 200 || !response.headers.get("cache-control")?.startsWith("public"))
    return null;
  response.headers.delete(keptTagsHeader);
  const html = await response.text();
  const identity = Buffer.from(html);
  const scriptHashes = inlineScriptHashes(html, c.get("secureHeadersNonce") ?? "");
  const br = await brotli(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality },
  });
  const page = {
    br: keepAnswer(response, { body: br, encoding: "br", scriptHashes }),
    identity: keepAnswer(response, { body: identity, encoding: null, scriptHashes }),
  };
  return { ...page, renderedAt: Date.now(), query, tags, bytes: pageBytes(page.br, page.identity) };
}

/** What a kept page takes in memory: its bodies, and well under a kilobyte of headers each. */
function pageBytes(...answers: KeptAnswer[]) {
  return answers.reduce((sum, answer) => sum + answer.body.length + 1024, 0);
}

/** An answer that is not kept still goes out without the tags meant for the cache. */
function withoutTags(c: Context<AppEnv>) {
  c.res.headers.delete(keptTagsHeader);
  return c.res;
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

/**
 * The copy for this Accept-Encoding. Whatever is not kept is made from what is, for this answer
 * alone: the page from its brotli copy, gzip from the page.
 */
function variant(page: CachedPage, acceptEncoding: string | undefined): KeptAnswer {
  const encoding = preferredEncoding(acceptEncoding ?? "");
  if (encoding === "br") return page.br;
  const identity = page.identity ?? recoded(page.br, brotliDecompressSync(page.br.body), null);
  return encoding === "gzip"
    ? recoded(identity, gzipSync(identity.body, { level: 6 }), "gzip")
    : identity;
}

/** The same answer with another body, encoded as `encoding` says. */
function recoded(answer: KeptAnswer, body: Buffer, encoding: "gzip" | null): KeptAnswer {
  const { "content-encoding": _was, ...headers } = answer.headers;
  return {
    status: answer.status,
    headers: {
      ...headers,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(body.length),
    },
    body,
  };
}

function serve(c: Context<AppEnv>, page: CachedPage) {
  return replay(variant(page, c.req.header("accept-encoding")), c.req.method === "HEAD");
}
