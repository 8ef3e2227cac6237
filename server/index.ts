import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { cookieNames } from "./auth/cookies.ts";
import { createKeptAnswers } from "./cache/kept-answers.ts";
import { type Config, ConfigError, parseConfig, servesHttps } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { connectionSettings } from "./db/connection-settings.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { createApp } from "./http/app.ts";
import { inFlightRequests } from "./http/in-flight.ts";
import { createNodeListener, type NodeMiddleware } from "./http/node-listener.ts";
import { startIdleCollection } from "./idle-collection.ts";
import { closeGracefullyOnSignals } from "./lifecycle.ts";
import { createChangeFeed } from "./live/change-feed.ts";
import { createLogger } from "./logger.ts";
import { projectRoot } from "./project-root.ts";
import { warmUp } from "./warm-up.ts";
import { loadConnectionSecret } from "./workbench/connection-secret.ts";

async function main() {
  const config = parseConfig(process.env);
  const log = createLogger({ level: config.logLevel, pretty: config.mode === "development" });
  const database = await openDatabase(config.database, {
    settings: connectionSettings(config),
    onIdleError: (error) => log.warn({ err: error }, "database connection lost"),
  });
  log.info({ driver: database.driver }, "database ready");
  // Before anything is served: on PostgreSQL without CONNECTION_SECRET the server stops here.
  const connectionSecret = await loadConnectionSecret(config);
  const stopHousekeeping = startHousekeeping(database.db, log);

  const frontEnd = await loadFrontEnd(config);
  const kept = createKeptAnswers({
    sessionCookie: cookieNames(servesHttps(config)).session,
    memory: config.answerMemory,
    budgetBytes: config.memoryBudgetBytes,
    stored: frontEnd.build ? { db: database.db, build: frontEnd.build } : undefined,
  });
  const changeFeed = createChangeFeed(database, log, kept.channel);
  let draining = false;
  const app = createApp({
    config,
    db: database.db,
    log,
    loadBuild: frontEnd.loadBuild,
    clientDir: frontEnd.clientDir,
    changeFeed,
    kept,
    isDraining: () => draining,
    connectionSecret,
  });
  const inFlight = inFlightRequests();
  const stopIdleCollection = startIdleCollection({ inFlight });
  const server = createServer(
    createNodeListener({
      app,
      config,
      log,
      vite: frontEnd.middleware,
      inFlight,
      isDraining: () => draining,
      kept,
    }),
  );
  // An idle connection stays open longer than a proxy's or client's own idle limit (60 s is
  // common): closed first by the server, a request sent on it at that moment meets a reset
  // (ECONNRESET), which the browser suite met under load with Node's 5 s default.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(config.port, config.host, () => {
    log.info({ url: config.publicOrigin, mode: config.mode }, "PromptShelf is listening");
    void warmUp({ fetch: app.fetch, origin: config.publicOrigin, log });
  });

  closeGracefullyOnSignals({
    server,
    log,
    delayMs: config.shutdownDelayMs,
    inFlight,
    startDraining: () => {
      draining = true;
      // Live streams never finish by themselves; end them so the server can close.
      void changeFeed.close();
    },
    closeResources: async () => {
      stopIdleCollection();
      await stopHousekeeping();
      await frontEnd.close();
      await database.close();
    },
  });
}

/** Production serves the built app; development compiles it on demand through Vite. */
async function loadFrontEnd(config: Config): Promise<{
  loadBuild: () => Promise<ServerBuild>;
  /** What names this build's code, for pages it stores; none in development. */
  build?: string;
  clientDir?: string;
  middleware?: NodeMiddleware;
  close: () => Promise<void>;
}> {
  if (config.mode === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({
      root: projectRoot,
      server: { middlewareMode: true },
      appType: "custom",
    });
    return {
      loadBuild: () =>
        devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      middleware: devServer.middlewares,
      close: () => devServer.close(),
    };
  }
  const serverBuild = join(projectRoot, "build/server/index.js");
  const build = (await import(serverBuild)) as ServerBuild;
  return {
    loadBuild: async () => build,
    build: await contentHash([serverBuild, join(projectRoot, "build/main.js")]),
    clientDir: join(projectRoot, "build/client"),
    close: async () => {},
  };
}

/** A short hash of these files' bytes. */
async function contentHash(files: string[]) {
  const hash = createHash("sha256");
  for (const file of files) hash.update(await readFile(file));
  return hash.digest("base64url").slice(0, 16);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("PromptShelf could not start:", error);
  }
  process.exit(1);
});
