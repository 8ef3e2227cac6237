import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, inject } from "vitest";
import { cookieNames } from "../../server/auth/cookies.ts";
import { createKeptAnswers, type KeptAnswers } from "../../server/cache/kept-answers.ts";
import { type Config, parseConfig, servesHttps } from "../../server/config.ts";
import type { Database, DatabaseHandle } from "../../server/db/client.ts";
import type { ConnectionSettings } from "../../server/db/connection-settings.ts";
import { createApp } from "../../server/http/app.ts";
import type { ChangeFeed } from "../../server/live/change-feed.ts";
import { createLogger } from "../../server/logger.ts";
import { createTestDatabase } from "./test-database.ts";
import { whileAnswering } from "./unguarded-reads.ts";

/** The pages, loaded once per build: a worker keeps them from one test file to the next. */
let pages: { path: string; build: Promise<ServerBuild> } | undefined;

/** Tests make hundreds of requests a minute as one person; the limits have their own suite. */
export function testConfig(env: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    RATE_LIMIT_SIGN_IN: "100000",
    RATE_LIMIT_WRITES: "100000",
    ...env,
  });
}

/** The app as the server builds it, with the pages this run built (app-build-setup.ts). */
export async function createTestApp(options: {
  db: Database;
  config?: Config;
  env?: Record<string, string>;
  isDraining?: () => boolean;
  changeFeed?: ChangeFeed;
  /**
   * What the app keeps in memory: shared with a Node listener that sends fresh answers itself,
   * or told of changes by a feed (see signed-in-memory.ts); a new one otherwise.
   */
  kept?: KeptAnswers;
}) {
  const path = inject("pagesBuildPath");
  if (pages?.path !== path) pages = { path, build: import(path) };
  const build = await pages.build;
  const config = options.config ?? testConfig(options.env);
  const app = createApp({
    config,
    db: options.db,
    log: testLogger(),
    loadBuild: async () => build,
    isDraining: options.isDraining,
    changeFeed: options.changeFeed,
    kept: options.kept ?? testKeptAnswers(config),
  });
  // What the app reads while it answers is checked for prompt-access.ts's rule
  // (tests/support/unguarded-reads.ts); app.request answers through app.fetch.
  const fetch = app.fetch;
  app.fetch = (...args) => whileAnswering(() => fetch(...args));
  return app;
}

/** Kept answers as the server keeps them. */
export function testKeptAnswers(
  config: Config,
  options: {
    communityWindowMs?: number;
    additionsLagMs?: number;
    /** Rendered prompt pages stored in this database too, as the production server stores them. */
    stored?: { db: Database; build: string };
  } = {},
) {
  return createKeptAnswers({
    sessionCookie: cookieNames(servesHttps(config)).session,
    budgetBytes: config.memoryBudgetBytes,
    communityWindowMs: options.communityWindowMs,
    additionsLagMs: options.additionsLagMs,
    stored: options.stored,
  });
}

export function testLogger() {
  return createLogger({ level: process.env.LOG_LEVEL ?? "silent", pretty: false });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A database and app of this test file's own, made before its tests and closed after them;
 * `use` receives them (the test file keeps them in its own variables).
 */
export function withTestApp(
  use: (made: { database: DatabaseHandle; app: TestApp }) => void,
  options: { settings?: ConnectionSettings; env?: Record<string, string> } = {},
) {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options.settings ? { settings: options.settings } : {});
    use({ database, app: await createTestApp({ db: database.db, env: options.env }) });
  });
  afterAll(async () => {
    await database?.close();
  });
}
