import type { IncomingMessage } from "node:http";
import type { Handler, MiddlewareHandler } from "hono";
import type { Database } from "../db/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { createMemoryRateLimiter } from "../security/rate-limiter.ts";
import { createKeptImages, type KeptImages } from "../social-images/kept-images.ts";
import { type CacheVersions, createCacheVersions } from "./cache-versions.ts";
import { createKeptLibraries, type KeptLibraries } from "./kept-libraries.ts";
import type { KeptAnswer } from "./kept-response.ts";
import { createKeptSearches, type KeptSearches } from "./kept-searches.ts";
import { createMemoryBudget, type MemoryFigures } from "./memory-budget.ts";
import {
  createPublicPages,
  type PublicPageDeclaration,
  type PublicRender,
} from "./public-pages.ts";
import { createSessionCache, type SessionCache } from "./session-cache.ts";
import { createSignedInAnswers } from "./signed-in-answers.ts";
import { createStoredPages } from "./stored-pages.ts";
import { createTokenCache, type TokenCache } from "./token-cache.ts";

export { cacheChannel, communityWindowMs } from "./cache-versions.ts";
export type { KeptLibraries, KeptLibrary } from "./kept-libraries.ts";
export type { KeptAnswer } from "./kept-response.ts";
export { fromMemory } from "./kept-response.ts";
export type { KeptSearches } from "./kept-searches.ts";
export { defaultMemoryBudgetBytes, type MemoryFigures } from "./memory-budget.ts";
export type { PublicRender, RenderAsked } from "./public-pages.ts";
export { forgetOldStoredPages, type ShownPrompt } from "./stored-pages.ts";

/**
 * Everything the server keeps in memory to answer without the database or a render, behind one
 * interface. Which pages may be kept, and for whom, is declared in shared/pages.ts.
 */
export interface KeptAnswers {
  /**
   * Each public page's route: each page is rendered from its address alone with `render`, at
   * most once a minute, for everyone, and dropped at once when what its tags name changes
   * (public-pages.ts); a page declared `stored` missing from memory is read from its stored copy
   * while that is still true (stored-pages.ts).
   */
  publicPage(page: PublicPageDeclaration, render: PublicRender): Handler<AppEnv>;
  /**
   * After the session middleware: a signed-in person's pages and lists, kept while nothing they
   * show has changed; after a write, what it changed is dropped.
   */
  signedIn: MiddlewareHandler<AppEnv>;
  /** The session middleware's lookup: from memory while the change channel is heard. */
  sessions: Pick<SessionCache, "resolve">;
  /** Access tokens' people, likewise; a revoked token is forgotten as soon as it is announced. */
  tokens: Pick<TokenCache, "resolve" | "forgetHash">;
  /**
   * Each access token's requests this minute, counted in this instance's memory: the API's and
   * MCP's alike (bearer-access.ts).
   */
  tokenRequests: ReturnType<typeof createMemoryRateLimiter>;
  /** MCP clients' searches, kept for their person while nothing they show has changed. */
  searches: KeptSearches;
  /** Each person's own prompts, kept for their command palette's search while unchanged. */
  libraries: KeptLibraries;
  /** Shared prompts' and public collections' social images, as rendered. */
  images: KeptImages;
  /** What each cache holds now, against its share of the one memory budget. */
  memory(): MemoryFigures;
  /**
   * For the Node listener: a fresh kept answer for this request, which needs nothing from the
   * app but its bytes; anything else, including a path the app would decode first, is undefined.
   */
  fresh(request: Pick<IncomingMessage, "method" | "url" | "headers">): KeptAnswer | undefined;
  /**
   * What the database's change channel (`cacheChannel`) says, told by the change feed: each
   * message, and whether it is heard at all (nothing is served from memory while it is not).
   */
  channel: Pick<CacheVersions, "heard" | "setListening" | "of"> & {
    /** A shared prompt changed or went (the database's `prompt_changes` channel). */
    promptChanged(id: string): void;
  };
  /** The app, once built: it renders kept answers again in the background when they fall behind. */
  renderWith(render: (request: Request) => Promise<Response>): void;
}

export function createKeptAnswers(options: {
  sessionCookie: string;
  /**
   * Off, no page or list is served from memory: every request renders, or reads its stored page
   * (sessions stay kept).
   */
  memory?: boolean;
  /** How long new shares may take to reach others' kept answers (cache-versions.ts). */
  communityWindowMs?: number;
  /** How long an answer behind on new shares alone is still served (cache-versions.ts). */
  additionsLagMs?: number;
  /**
   * Where pages declared `stored` (shared/pages.ts) are kept between renders, and the build
   * that renders them: pages another build rendered are rendered again. None in development,
   * where the code changes under a running server.
   */
  stored?: { db: Database; build: string };
  /**
   * The bytes every cache together may hold (MEMORY_BUDGET_MB), each kind its fixed share
   * (memory-budget.ts).
   */
  budgetBytes?: number;
}): KeptAnswers {
  const memory = options.memory ?? true;
  const budget = createMemoryBudget(options.budgetBytes);
  const versions = createCacheVersions({
    communityWindowMs: options.communityWindowMs,
    additionsLagMs: options.additionsLagMs,
  });
  const sessions = createSessionCache(versions, budget);
  const tokens = createTokenCache(versions, budget);
  const searches = createKeptSearches({ versions, memory, budget });
  const libraries = createKeptLibraries({ versions, memory, budget });
  const images = budget.count(
    "social images",
    createKeptImages({ maxBytes: budget.shareOf("social images") }),
  );
  const tokenRequests = createMemoryRateLimiter();
  const publicPages = createPublicPages({
    memory,
    budget,
    stored: options.stored && createStoredPages(options.stored),
  });
  const signedIn = createSignedInAnswers({
    versions,
    sessions,
    sessionCookie: options.sessionCookie,
    memory,
    budget,
  });
  return {
    publicPage: publicPages.handler,
    signedIn: signedIn.middleware,
    sessions,
    tokens,
    tokenRequests,
    searches,
    libraries,
    images,
    memory: budget.figures,
    fresh({ method = "GET", url = "/", headers }) {
      if (method !== "GET" && method !== "HEAD") return undefined;
      const queryStart = url.indexOf("?");
      const path = queryStart === -1 ? url : url.slice(0, queryStart);
      if (!memory || path.includes("%")) return undefined;
      const search = queryStart === -1 ? "" : url.slice(queryStart + 1);
      return (
        publicPages.fresh(path, search, headers["accept-encoding"]) ?? signedIn.fresh(url, headers)
      );
    },
    channel: {
      heard(message) {
        versions.heard(message);
        publicPages.heard(message);
      },
      setListening(on) {
        versions.setListening(on);
        publicPages.setListening(on);
      },
      of: versions.of,
      promptChanged: publicPages.promptChanged,
    },
    renderWith: signedIn.renderWith,
  };
}
