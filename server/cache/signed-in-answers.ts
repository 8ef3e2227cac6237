import type { IncomingHttpHeaders } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { pages } from "../../shared/pages.ts";
import { readCookie } from "../auth/cookies.ts";
import type { AppEnv } from "../http/app-env.ts";
import { compressBody, preferredEncoding } from "../http/compression.ts";
import { markPersonal } from "../http/session-middleware.ts";
import type { CacheVersions } from "./cache-versions.ts";
import { inlineScriptHashes, type KeptAnswer, keepAnswer, replay } from "./kept-response.ts";
import type { SessionCache } from "./session-cache.ts";

interface Entry {
  version: string;
  storedAt: number;
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
const maxBytes = 64 * 1024 * 1024;

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
}

/**
 * A signed-in person's library pages and prompt lists, kept in memory as sent (compressed, with
 * every header), so reloading them costs no query and no render. An answer is served only while
 * nothing it can show has changed: the community's and the person's versions (see
 * cache-versions.ts) must be those it was rendered under, and it is at most a minute old.
 * Administrators' answers (they see every prompt) are never kept. The least recently used
 * answers go first past 64 MB.
 */
export function createSignedInAnswers(options: {
  versions: CacheVersions;
  sessions: SessionCache;
  sessionCookie: string;
  /** Off, answers are never kept; writes still drop their session and move versions on. */
  memory: boolean;
}): SignedInAnswers {
  const { versions, sessions } = options;
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
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  };
  /** The kept answer under this key, if still current; it becomes the most recently used. */
  const current = (key: string, version: string) => {
    const cached = entries.get(key);
    if (cached?.version !== version || Date.now() - cached.storedAt >= maxAgeMs) return undefined;
    entries.delete(key);
    entries.set(key, cached);
    return cached.answer;
  };

  /** A write through this process: what its person (and, if shared, everyone) sees is stale. */
  const afterWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = readCookie(c.req.header("cookie"), options.sessionCookie);
    try {
      await next();
    } finally {
      if (token) {
        sessions.forget(token);
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
    if (!reads.has(c.req.method)) return afterWrite(c, next);
    if (
      !options.memory ||
      c.req.method !== "GET" ||
      !versions.trusted ||
      !keptPaths.has(c.req.path)
    ) {
      return next();
    }
    const viewer = await c.get("viewer")();
    if (!viewer || viewer.isAdmin) return next();

    const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "");
    const url = c.req.url;
    const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
    const key = keyOf(viewer.userId, encoding, `${c.req.path}${query}`);
    const version = versions.of(viewer.userId, showsCommunity(c.req.path, query));
    const kept = current(key, version);
    if (kept) return replay(kept);
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

  return {
    middleware,
    fresh(url, headers) {
      if (!versions.trusted) return undefined;
      const queryStart = url.indexOf("?");
      const path = queryStart === -1 ? url : url.slice(0, queryStart);
      if (!keptPaths.has(path)) return undefined;
      const token = readCookie(headers.cookie, options.sessionCookie);
      const viewer = token ? sessions.peek(token) : null;
      if (!viewer || viewer.isAdmin) return undefined;
      const encoding = preferredEncoding(headers["accept-encoding"] ?? "");
      const query = queryStart === -1 ? "" : url.slice(queryStart);
      const version = versions.of(viewer.userId, showsCommunity(path, query));
      return current(keyOf(viewer.userId, encoding, url), version);
    },
  };
}

function keyOf(userId: string, encoding: string | null, pathAndQuery: string) {
  return `${userId} ${encoding} ${pathAndQuery}`;
}

/**
 * Renders the answer through the app and keeps it, if it is a plain 200 for this person alone.
 * The app leaves it uncompressed: it is compressed here once, for every time it is sent.
 */
async function capture(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  options: { version: string; encoding: "br" | "gzip" | null },
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
  return { version: options.version, storedAt, answer };
}
