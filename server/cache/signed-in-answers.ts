import type { IncomingHttpHeaders } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { pages } from "../../shared/pages.ts";
import { readCookie } from "../auth/cookies.ts";
import type { AppEnv } from "../http/app-env.ts";
import { compressBody, preferredEncoding } from "../http/compression.ts";
import { markPersonal } from "../http/session-middleware.ts";
import { createBackgroundRenders } from "./background-renders.ts";
import type { CacheVersions } from "./cache-versions.ts";
import {
  inlineScriptHashes,
  type KeptAnswer,
  keepAnswer,
  keptAnswerBytes,
  replay,
} from "./kept-response.ts";
import type { MemoryBudget } from "./memory-budget.ts";
import type { SessionCache } from "./session-cache.ts";

interface Entry {
  /** The versions it was rendered under (cache-versions.ts): must match to be served. */
  version: string;
  /** The community's additions it shows: an answer behind on these alone may still be served. */
  additions: number;
  storedAt: number;
  /** The address it was asked at, whole: where it is rendered again from. */
  url: string;
  answer: KeptAnswer;
}

const perPerson = pages.filter((page) => page.access === "per-person");
const withData = (path: string) => [path, `${path}.data`];

/** The signed-in answers kept: library pages (and their data) and prompt lists. */
const keptPaths = new Set(["/api/v1/prompts", ...perPerson.flatMap((page) => withData(page.path))]);

/** Kept answers that show the person's own private prompts alone, nothing of the community. */
const ownOnlyPaths = new Set(
  perPerson.filter((page) => page.showsCommunity === false).flatMap((page) => withData(page.path)),
);

/** Whether an answer can show anything of the community, so a community change makes it stale. */
function showsCommunity(path: string, query: string) {
  if (ownOnlyPaths.has(path)) return false;
  if (path !== "/api/v1/prompts") return true;
  const scopes = new URLSearchParams(query).getAll("scope");
  return !(scopes.length === 1 && scopes[0] === "personal");
}
const maxAgeMs = 60_000;
/**
 * Renders in the background at once, at most: one leaves the process serving memory and taking
 * writes; two gave 23% fewer pages a second and 45% slower shares in the living bench, for
 * fresher pages.
 */
const backgroundRenders = 1;

const reads = new Set(["GET", "HEAD", "OPTIONS"]);

export interface SignedInAnswers {
  /**
   * Serves kept answers, and renders and keeps missing or outdated ones. After a write it drops
   * the session that made it and moves its person's version on, before the database's own
   * notice comes back, so the next page shows the change.
   */
  middleware: MiddlewareHandler<AppEnv>;
  /** The answer kept for this GET, if its session and the answer are both fresh in memory. */
  fresh(url: string, headers: IncomingHttpHeaders): KeptAnswer | undefined;
  /** How to render in the background: the app itself, given once it is built. */
  renderWith(render: (request: Request) => Promise<Response>): void;
}

/**
 * A signed-in person's library pages and prompt lists, kept in memory as sent (compressed, with
 * every header), so reloading them costs no query and no render. An answer is served only while
 * nothing it can show has changed: the community's and the person's versions (see
 * cache-versions.ts) must be those it was rendered under, and it is at most a minute old. One
 * exception: an answer behind only on the community's newest shares and stars is served for up
 * to `additionsLagMs` (cache-versions.ts) while it is rendered again in the background.
 * Administrators' answers (they see every prompt) are never kept. The least recently used
 * answers go first past their share of the memory budget (memory-budget.ts).
 */
export function createSignedInAnswers(options: {
  versions: CacheVersions;
  sessions: SessionCache;
  sessionCookie: string;
  /** Off, answers are never kept; writes still drop their session and move versions on. */
  memory: boolean;
  budget: MemoryBudget;
}): SignedInAnswers {
  const { versions, sessions } = options;
  const entries = options.budget.cache<Entry>("signed-in answers", {
    sizeOf: (entry) => keptAnswerBytes(entry.answer) + entry.url.length * 2,
  });
  const rendering = new Map<string, Promise<Entry | null>>();
  const background = createBackgroundRenders(backgroundRenders);

  /** Where this person's answer to this address is kept, and the versions it must carry. */
  const wanted = (userId: string, encoding: Encoding, path: string, query: string): Wanted => {
    const community = showsCommunity(path, query);
    return {
      key: keyOf(userId, encoding, `${path}${query}`),
      version: versions.of(userId, community),
      additions: community ? versions.additions : 0,
    };
  };
  /**
   * The kept answer, if it may be served: current, or (with `behind`) behind on the community's
   * additions alone for less than the lag, and then rendered again in the background, as asked
   * with these headers, unless it already is. It becomes the most recently used.
   */
  const servable = (
    want: Wanted,
    behind: boolean,
    header: (name: string) => string | undefined,
  ) => {
    const cached = entries.peek(want.key);
    if (cached?.version !== want.version) return undefined;
    const age = Date.now() - cached.storedAt;
    if (age >= maxAgeMs) return undefined;
    if (cached.additions !== want.additions) {
      if (!behind || age >= versions.additionsLagMs) return undefined;
      if (!rendering.has(want.key)) background.start(cached.url, header);
    }
    // Marked as the most recently used: the least recently used go first.
    entries.get(want.key);
    return cached;
  };

  /** A write through this process: what its person (and, if shared, everyone) sees is stale. */
  const afterWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = readCookie(c.req.header("cookie"), options.sessionCookie);
    const byToken = c.req.header("authorization") !== undefined;
    try {
      await next();
    } finally {
      if (token || byToken) {
        if (token) sessions.forget(token);
        // A refusal (4xx) changed nothing; anything else may have.
        const refused = c.res.status >= 400 && c.res.status < 500;
        const viewer = refused
          ? null
          : await c
              .get("viewer")()
              .catch(() => null);
        if (viewer) versions.changedBy(viewer.userId);
      }
    }
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    // An MCP request is a POST whether it reads or writes: its writing tools say so themselves
    // (kept-searches.ts), so a search does not make its person's pages stale.
    if (c.req.path === "/mcp") return next();
    if (!reads.has(c.req.method)) return afterWrite(c, next);
    if (
      !options.memory ||
      c.req.method !== "GET" ||
      !versions.trusted ||
      !keptPaths.has(c.req.path) ||
      // An access token's reads are answered afresh: kept answers follow browser sessions.
      c.req.header("authorization") !== undefined
    ) {
      return next();
    }
    const viewer = await c.get("viewer")();
    if (!viewer || viewer.isAdmin) return next();

    const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "");
    const url = c.req.url;
    const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
    const want = wanted(viewer.userId, encoding, c.req.path, query);
    const { key, version, additions } = want;
    const behind = !background.isOwn(c.req.raw);
    const kept = servable(want, behind, (name) => c.req.header(name));
    if (kept) return replay(kept.answer, { hit: true });
    const inFlight = rendering.get(key);
    if (inFlight) {
      const shared = await inFlight;
      if (shared?.version === version) return replay(shared.answer, { hit: true });
    }

    const work = capture(c, next, { version, additions, encoding, url }).finally(() => {
      if (rendering.get(key) === work) rendering.delete(key);
    });
    rendering.set(key, work);
    const entry = await work;
    if (!entry) return;
    entries.set(key, entry);
    c.res = undefined;
    c.res = replay(entry.answer);
  };

  return {
    middleware,
    fresh(url, headers) {
      if (!options.memory || !versions.trusted) return undefined;
      const queryStart = url.indexOf("?");
      const path = queryStart === -1 ? url : url.slice(0, queryStart);
      if (!keptPaths.has(path) || headers.authorization !== undefined) return undefined;
      const token = readCookie(headers.cookie, options.sessionCookie);
      const viewer = token ? sessions.peek(token) : null;
      if (!viewer || viewer.isAdmin) return undefined;
      const encoding = preferredEncoding(headers["accept-encoding"] ?? "");
      const query = queryStart === -1 ? "" : url.slice(queryStart);
      const kept = servable(wanted(viewer.userId, encoding, path, query), true, (name) => {
        const value = headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      });
      return kept?.answer;
    },
    renderWith: background.renderWith,
  };
}

type Encoding = ReturnType<typeof preferredEncoding>;

/** A kept answer's key and the versions it must carry to be served. */
interface Wanted {
  key: string;
  version: string;
  additions: number;
}

function keyOf(userId: string, encoding: Encoding, pathAndQuery: string) {
  return `${userId} ${encoding} ${pathAndQuery}`;
}

/**
 * Renders the answer through the app and keeps it, if it is a plain 200 for this person alone.
 * The app leaves it uncompressed: it is compressed here once, for every time it is sent.
 */
async function capture(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  options: { version: string; additions: number; encoding: Encoding; url: string },
): Promise<Entry | null> {
  const storedAt = Date.now();
  c.set("renderingForCache", true);
  await next();
  const response = c.res;
  if (
    response.status !== 200 ||
    response.headers.has("set-cookie") ||
    response.headers.has("content-encoding")
  ) {
    return null;
  }
  // Sent again by the Node listener without passing the session middleware, so marked here.
  markPersonal(response);
  const raw = Buffer.from(await response.arrayBuffer());
  const isPage = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  const answer = keepAnswer(response, {
    body: options.encoding ? compressBody(raw, options.encoding, "kept") : raw,
    encoding: options.encoding,
    // Pages: the hashes of their inline scripts stand in for the render's nonce.
    scriptHashes: isPage
      ? inlineScriptHashes(raw.toString(), c.get("secureHeadersNonce") ?? "")
      : [],
  });
  const { version, additions, url } = options;
  return { version, additions, storedAt, url, answer };
}
