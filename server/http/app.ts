import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { pages } from "../../shared/pages.ts";
import { cookieNames } from "../auth/cookies.ts";
import { createOidcClient } from "../auth/oidc-client.ts";
import { signInRoutes } from "../auth/sign-in-routes.ts";
import type { KeptAnswers } from "../cache/kept-answers.ts";
import { ttlCache } from "../cache/ttl-cache.ts";
import { communityHighlights } from "../community/community-highlights.ts";
import { type Config, servesHttps } from "../config.ts";
import type { Database } from "../db/client.ts";
import { AppError, asAppError } from "../errors.ts";
import type { ChangeFeed } from "../live/change-feed.ts";
import type { Logger } from "../logger.ts";
import { listPublicPrompts } from "../prompts/list-public-prompts.ts";
import { countedInMemoryFirst, createRateLimiter } from "../security/rate-limiter.ts";
import { sitemapFileSize, sitemapRefreshMs } from "../seo/sitemap-sections.ts";
import { type ConnectionSecret, connectionSecretFrom } from "../workbench/connection-secret.ts";
import { createWorkbench } from "../workbench/workbench.ts";
import { apiV1Routes } from "./api/api-v1.ts";
import type { AppEnv } from "./app-env.ts";
import { bearerAccess } from "./bearer-access.ts";
import { canonicalAddresses, pageDataPath } from "./canonical-address.ts";
import { compression } from "./compression.ts";
import { crossSiteRequestCheck } from "./csrf.ts";
import { declaredBodyLimit } from "./declared-body-limit.ts";
import { errorResponse } from "./errors.ts";
import { healthRoutes } from "./health-routes.ts";
import { mcpRoutes } from "./mcp-routes.ts";
import { memoryRoutes } from "./memory-routes.ts";
import { oauthCrossOrigin, oauthRoutes } from "./oauth-routes.ts";
import { publicPageRenderer } from "./public-page-render.ts";
import { rateLimitMiddleware, writesKey } from "./rate-limit-middleware.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import { requestLogging } from "./request-logging.ts";
import { securityHeaders } from "./security-headers.ts";
import { seoRoutes } from "./seo-routes.ts";
import { sessionMiddleware } from "./session-middleware.ts";
import { socialImageRoutes } from "./social-image-routes.ts";
import { staticAssets } from "./static-assets.ts";
import { unavailableResponse } from "./unavailable.ts";
import { refuseUnstorableAddress } from "./unstorable-address.ts";

export interface AppOptions {
  config: Config;
  db: Database;
  log: Logger;
  loadBuild: () => Promise<ServerBuild>;
  /** The client build folder; absent under Vite, which serves its own files. */
  clientDir?: string;
  /** Changes to shared prompts, for live lists; without it, /api/v1/events is unavailable. */
  changeFeed?: ChangeFeed;
  /**
   * Public pages, sessions and signed-in pages and lists kept in memory (the latter only while
   * the change feed is heard); the Node listener sends fresh ones itself.
   */
  kept: KeptAnswers;
  isDraining?: () => boolean;
  /**
   * Seals model connections' keys (server/workbench/connection-secret.ts); the server loads it
   * at start. Without it, CONNECTION_SECRET, else a secret of this app's own (tests).
   */
  connectionSecret?: ConnectionSecret;
}

export function createApp(options: AppOptions) {
  const { config, db } = options;
  const https = servesHttps(config);
  const cookies = cookieNames(https);
  const publicPrompts = ttlCache(60_000, (category) =>
    listPublicPrompts({ db, category, limit: 6 }),
  );
  const cachedHighlights = ttlCache(60_000, () => communityHighlights({ db }));
  const app = new Hono<AppEnv>();

  // An address with a NUL is answered before anything looks it up (files included).
  app.use(refuseUnstorableAddress());
  // Built files first: they need no request id, page headers or compression (they are precompressed).
  if (options.clientDir) {
    const files = staticAssets(options.clientDir);
    for (const path of ["/assets/*", "/social/*", "/favicon.svg"]) app.get(path, files);
  }
  app.use(requestLogging(options.log));
  // Another spelling of a page's address (a trailing slash, /P/, //) is sent to the one address,
  // which is kept in memory: answered as asked, each spelling would be rendered every time.
  app.use(canonicalAddresses());
  const { kept } = options;
  const signInOrigin = new URL(config.signIn.issuer).origin;
  // Public pages are answered here, before anything looks at who is asking: each is rendered
  // from its address alone (its path and the query parameters it takes), without the session,
  // the viewer or the request's headers, so it is the same for every visitor and kept in memory
  // for all of them. Answers served from memory keep the headers they were rendered with (their
  // own CSP). A page's data, which a client navigation asks for, is kept like the page; a path
  // with a parameter matches its data address already (`/p/:ref` takes `/p/<ref>.data`).
  const renderPublicPage = publicPageRenderer({
    loadBuild: options.loadBuild,
    mode: config.mode,
    publicOrigin: config.publicOrigin,
    https,
    signInOrigin,
    services: { db, config, publicPrompts, highlights: () => cachedHighlights("today") },
  });
  const compressed = compression();
  for (const page of pages.filter(({ access }) => access === "public")) {
    const answer = kept.publicPage(page, renderPublicPage);
    app.on(["GET", "HEAD"], page.path, compressed, answer);
    if (!page.path.includes(":")) {
      app.on(["GET", "HEAD"], pageDataPath(page.path), compressed, answer);
    }
  }
  // Before the credentials are looked at, so a 401's WWW-Authenticate reaches browser clients.
  app.use(oauthCrossOrigin());
  app.use(
    sessionMiddleware({
      db,
      cookies,
      https,
      settings: config.session,
      adminEmails: config.adminEmails,
      sessions: kept.sessions,
    }),
  );
  app.use(
    bearerAccess({
      db,
      tokens: kept.tokens,
      tokenRequests: kept.tokenRequests,
      adminEmails: config.adminEmails,
      requestsPerMinute: config.rateLimits.tokenRequestsPerMinute,
      publicOrigin: config.publicOrigin,
    }),
  );
  app.use(kept.signedIn);
  kept.renderWith(async (request) => app.fetch(request));
  app.use(securityHeaders({ https, signInOrigin }));
  app.use(compression());
  app.route("/", healthRoutes({ db, isDraining: options.isDraining ?? (() => false) }));
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  app.route(
    "/",
    seoRoutes({
      db,
      publicOrigin: config.publicOrigin,
      publicPrompts,
      fileSize: sitemapFileSize,
      refreshMs: sitemapRefreshMs,
    }),
  );
  app.route("/", socialImageRoutes({ db, images: kept.images }));
  app.route("/", memoryRoutes({ kept }));

  app.use(crossSiteRequestCheck(config.publicOrigin));
  // Imported library files may be large; every other body is small.
  const limitFor = (maxSize: number) =>
    declaredBodyLimit({
      maxSize,
      onError: (c) =>
        c.req.path.startsWith("/api/")
          ? errorResponse(c, new AppError("payload_too_large", "Request body too large"))
          : c.text("Request body too large", 413),
    });
  const importLimit = limitFor(config.importLimit);
  const bodyLimitAnywhere = limitFor(config.bodyLimit);
  app.use((c, next) =>
    c.req.path === "/api/v1/import" ? importLimit(c, next) : bodyLimitAnywhere(c, next),
  );

  const writeLimiter = countedInMemoryFirst(createRateLimiter(db));
  app.use(
    rateLimitMiddleware({
      limiter: writeLimiter,
      cookies,
      ...config.rateLimits,
      trustedProxies: config.trustedProxies,
      importLimit: config.importLimit,
    }),
  );
  app.route("/auth", signInRoutes({ config, db, oidc: createOidcClient(config.signIn), cookies }));
  app.use("/api/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  const workbench = createWorkbench({ db, config, secret: workbenchSecret(options) });
  app.route(
    "/",
    apiV1Routes({
      db,
      cookies,
      https,
      limits: config.limits,
      trustedProxies: config.trustedProxies,
      libraries: kept.libraries,
      changeFeed: options.changeFeed,
      workbench,
      publicOrigin: config.publicOrigin,
    }),
  );
  app.route(
    "/mcp",
    mcpRoutes({
      db,
      publicOrigin: config.publicOrigin,
      searches: kept.searches,
      countWrite: async (userId) => {
        const decision = await writeLimiter(writesKey(userId), config.rateLimits.writesPerMinute);
        if (!decision.allowed) {
          throw new AppError("rate_limited", "Too many changes in a minute. Please wait a moment.");
        }
      },
    }),
  );
  app.route(
    "/",
    oauthRoutes({
      db,
      publicOrigin: config.publicOrigin,
      trustedProxies: config.trustedProxies,
      forgetToken: (tokenHash) => kept.tokens.forgetHash(tokenHash),
    }),
  );
  app.all("/api/*", (c) => errorResponse(c, new AppError("not_found", "No such API route")));

  app.all(
    "*",
    reactRouterHandler({
      loadBuild: options.loadBuild,
      mode: config.mode,
      publicOrigin: config.publicOrigin,
      services: (c) => ({
        db,
        config,
        log: c.get("log"),
        requestId: c.get("requestId"),
        cspNonce: c.get("secureHeadersNonce") ?? "",
        publicPrompts,
        highlights: () => cachedHighlights("today"),
        // Only a public page's render keeps what it shows (its stored copy); none comes here.
        showsPrompts: () => {},
      }),
      viewer: (c) => c.get("viewer"),
    }),
  );

  app.onError((error, c) => {
    const known = asAppError(error);
    if (known?.code === "unavailable") {
      c.get("log").warn({ err: error }, "database unavailable");
      return unavailableResponse(c);
    }
    if (known) return errorResponse(c, known);
    c.get("log").error({ err: error }, "unhandled error");
    if (c.req.path.startsWith("/api/")) {
      return errorResponse(c, new AppError("internal", "Something went wrong. Please try again."));
    }
    return c.text("Something went wrong on our side. Please try again.", 500);
  });

  return app;
}

function workbenchSecret(options: AppOptions) {
  return (
    options.connectionSecret ??
    connectionSecretFrom(options.config.workbench.secret ?? randomBytes(32).toString("base64url"))
  );
}
