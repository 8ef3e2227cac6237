import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gzipSync } from "node:zlib";
import type { Context, Handler } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { preferredEncoding } from "../http/compression.ts";
import type { Logger } from "../logger.ts";
import { createKeptPageStore, type StoredPage } from "./kept-page-store.ts";
import { inlineScriptHashes, type KeptAnswer, keepAnswer, replay } from "./kept-response.ts";
import { createMemoryBudget, type MemoryBudget } from "./memory-budget.ts";
import type { ShownPrompt, StoredPages } from "./stored-pages.ts";

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
 * The header a public page's loader names what it shows in (space-separated tags): the page is
 * dropped as soon as one of them changes. It is taken off before the answer is sent or kept.
 */
export const keptTagsHeader = "x-kept-tags";

/** What a public page declares of itself in shared/pages.ts. */
export interface PublicPageDeclaration {
  /** The query parameters it takes: no other reaches its render. */
  query?: readonly string[];
  /** A rendered copy is also stored in the database (stored-pages.ts). */
  stored?: true;
}

/**
 * What a render hears of the request that asked, for its log and for the page's stored copy.
 * None of it reaches the page.
 */
export interface RenderAsked {
  log: Logger;
  requestId: string;
  /** The prompts the page shows, with their stamps (RequestContext.showsPrompts). */
  showsPrompts: (shown: ShownPrompt[]) => void;
}

/**
 * Renders a public page from its address alone (publicPageAddress): a GET of that path and
 * query, with no headers, no cookie, no credentials and no viewer.
 */
export type PublicRender = (address: string, asked: RenderAsked) => Promise<Response>;

interface CachedPage extends StoredPage {
  br: KeptAnswer;
  /** The page as rendered; a page read from the database has only its brotli copy. */
  identity?: KeptAnswer;
  renderedAt: number;
  /** The query parameters the page takes (so the Node listener can find its copy). */
  takes: readonly string[];
}

export interface PublicPages {
  /**
   * The handler of one public page's route: serves its kept copies, renders and keeps missing or
   * old ones. A page declared `stored` missing from memory is read from the database, if stored
   * there and still true, else rendered and stored. Every render, kept or not, is made from the
   * page's address alone.
   */
  handler(page: PublicPageDeclaration, render: PublicRender): Handler<AppEnv>;
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
 * A public page cannot depend on who asks, by construction: it is rendered from its address
 * (its path and the query parameters it declares), with no header, cookie or credential, and
 * without the viewer in its context (public-page-render.ts). Whatever else came with a request
 * is used only to choose the encoding it is sent in.
 */
export function createPublicPages(
  options: {
    /**
     * The memory budget whose share ("public pages", all encodings counted) the kept pages may
     * take: the pages people read stay, the rest of a million prompt pages are rendered when asked.
     */
    budget?: MemoryBudget;
    /** Off, nothing is kept in memory: each request renders, or reads its stored page. */
    memory?: boolean;
    /** Where pages declared `stored` are kept between renders; none, none is. */
    stored?: StoredPages;
  } = {},
): PublicPages {
  const memory = options.memory ?? true;
  const budget = options.budget ?? createMemoryBudget();
  const store = budget.count(
    "public pages",
    createKeptPageStore<CachedPage>(budget.shareOf("public pages")),
  );
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const isFresh = (page: CachedPage) => Date.now() - page.renderedAt <= refreshMs;

  /**
   * The page at this address, read from the database or rendered (and then stored); the
   * rendered answer itself when it is not one to keep. A copy gone old in memory is rendered
   * again, so a page people read keeps its related prompts a minute fresh.
   */
  const produce = async (
    c: Context<AppEnv>,
    address: string,
    render: PublicRender,
    declared: PublicPageDeclaration,
    stale: boolean,
  ): Promise<CachedPage | Response> => {
    const path = pathOf(address);
    const stored = declared.stored && path === address ? options.stored : undefined;
    if (stored && !stale) {
      const found = await stored.find(path);
      if (found) {
        const { answer, tags } = found;
        const takes = declared.query ?? [];
        return { br: answer, renderedAt: Date.now(), takes, tags, bytes: pageBytes(answer) };
      }
    }
    let shown: ShownPrompt[] | undefined;
    const response = await render(address, {
      ...askedBy(c),
      showsPrompts: (prompts) => {
        shown = prompts;
      },
    });
    const page = await capture(response, declared.query ?? []);
    if (!page) return withoutTags(response);
    if (stored && shown) {
      const saved = { path, shown, tags: page.tags, answer: page.br };
      void stored.save(saved).catch((error: unknown) => {
        c.get("log").warn({ err: error, path }, "a rendered page was not stored");
      });
    }
    return page;
  };

  const handler =
    (declared: PublicPageDeclaration, render: PublicRender): Handler<AppEnv> =>
    async (c) => {
      // Every render is a GET of this address, so a HEAD is answered from a whole page, which is
      // kept like any other (a HEAD's own render, with no body, would blank it for everyone).
      const address = publicPageAddress(c.req.url, declared.query ?? []);
      const send = (answer: CachedPage | Response) =>
        answer instanceof Response ? answer : serve(c, answer);
      /** A render for this visitor alone, sent as it is and kept nowhere. */
      const renderAlone = async () => withoutTags(await render(address, askedBy(c)));
      if (!memory) {
        if (!declared.stored || !options.stored) return renderAlone();
        return send(await produce(c, address, render, declared, false));
      }
      const cached = store.get(address);
      if (cached && isFresh(cached)) return serve(c, cached, true);
      const inFlight = rendering.get(address);
      if (inFlight) {
        if (cached) return serve(c, cached, true);
        const page = await inFlight;
        return page ? serve(c, page, true) : renderAlone();
      }
      const keep = store.startRender();
      const work = produce(c, address, render, declared, cached !== undefined).then(
        (answer) => ({ answer, kept: keep(address, answer instanceof Response ? null : answer) }),
        (error: unknown) => {
          keep(address, null);
          throw error;
        },
      );
      // Others asking meanwhile share the render only if it was kept; else they render their own.
      rendering.set(
        address,
        work.then(
          ({ answer, kept }) => (kept && !(answer instanceof Response) ? answer : null),
          () => null,
        ),
      );
      // A page not kept (a change was heard while it rendered) still goes to this visitor, who
      // asked before the change.
      const { answer } = await work.finally(() => rendering.delete(address));
      return send(answer);
    };

  return {
    handler,
    fresh(path, search, acceptEncoding) {
      // Which parameters count is known from the page's plain copy; without one, the query is
      // taken as it is, which finds only a copy kept for exactly this query.
      const plain = store.peek(path);
      const address = plain
        ? addressOf(path, pageSearch(path, search, plain.takes))
        : addressOf(path, search);
      const page = store.get(address);
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

/**
 * The address a public page is rendered from, and kept under: the path asked, with only the
 * query parameters the page takes (and, on a data request, `_routes`, with which React Router
 * names the routes whose data it wants), in the order asked. A campaign's tags, a tracker's ids
 * or anything else a link adds never reach the page, and do not make another copy of it.
 */
export function publicPageAddress(url: string, takes: readonly string[]) {
  const asked = new URL(url);
  return addressOf(asked.pathname, pageSearch(asked.pathname, asked.search, takes));
}

/** The part of a query string a public page at this path takes, as URLSearchParams writes it. */
function pageSearch(path: string, search: string, takes: readonly string[]) {
  const data = path.endsWith(".data");
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    if (takes.includes(name) || (data && name === "_routes")) kept.append(name, value);
  }
  return kept.toString();
}

function addressOf(path: string, search: string) {
  return search ? `${path}?${search}` : path;
}

function pathOf(address: string) {
  const queryStart = address.indexOf("?");
  return queryStart === -1 ? address : address.slice(0, queryStart);
}

/** What a render hears of the request that asked: only what its log lines need. */
function askedBy(c: Context<AppEnv>): RenderAsked {
  return { log: c.get("log"), requestId: c.get("requestId"), showsPrompts: () => {} };
}

/** Keeps a rendered answer, if it is a public 200. */
async function capture(response: Response, takes: readonly string[]): Promise<CachedPage | null> {
  const tags = (response.headers.get(keptTagsHeader) ?? "").split(" ").filter(Boolean);
  if (response.status !== 200 || !response.headers.get("cache-control")?.startsWith("public"))
    return null;
  response.headers.delete(keptTagsHeader);
  const html = await response.text();
  const identity = Buffer.from(html);
  const scriptHashes = inlineScriptHashes(html, renderNonce(response));
  const br = await brotli(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality },
  });
  const page = {
    br: keepAnswer(response, { body: br, encoding: "br", scriptHashes }),
    identity: keepAnswer(response, { body: identity, encoding: null, scriptHashes }),
  };
  return { ...page, renderedAt: Date.now(), takes, tags, bytes: pageBytes(page.br, page.identity) };
}

/** The nonce the render allowed its own inline scripts by, as its policy names it. */
function renderNonce(response: Response) {
  const policy = response.headers.get("content-security-policy") ?? "";
  return /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
}

/** What a kept page takes in memory: its bodies, and well under a kilobyte of headers each. */
function pageBytes(...answers: KeptAnswer[]) {
  return answers.reduce((sum, answer) => sum + answer.body.length + 1024, 0);
}

/** An answer that is not kept still goes out without the tags meant for the cache. */
function withoutTags(response: Response) {
  response.headers.delete(keptTagsHeader);
  return response;
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

/** A kept page as this request takes it; `hit` when it was not rendered for this request. */
function serve(c: Context<AppEnv>, page: CachedPage, hit = false) {
  return replay(variant(page, c.req.header("accept-encoding")), {
    head: c.req.method === "HEAD",
    hit,
  });
}
