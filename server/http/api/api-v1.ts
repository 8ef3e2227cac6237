import type { CookieNames } from "../../auth/cookies.ts";
import type { KeptLibraries } from "../../cache/kept-answers.ts";
import type { Database } from "../../db/client.ts";
import type { ImportLimits } from "../../library-data/import-rules.ts";
import type { ChangeFeed } from "../../live/change-feed.ts";
import type { Workbench } from "../../workbench/workbench.ts";
import { collectionRoutes } from "./collection-routes.ts";
import { eventRoutes } from "./event-routes.ts";
import { folderRoutes } from "./folder-routes.ts";
import { labelRoutes } from "./label-routes.ts";
import { libraryRoutes } from "./library-routes.ts";
import { apiRouter } from "./openapi.ts";
import { paletteRoutes } from "./palette-routes.ts";
import { profileRoutes } from "./profile-routes.ts";
import { promptRoutes } from "./prompt-routes.ts";
import { referenceRoutes } from "./reference-routes.ts";
import { sessionRoutes } from "./session-routes.ts";
import { snippetRoutes } from "./snippet-routes.ts";
import { suggestionRoutes } from "./suggestion-routes.ts";
import { tagRoutes } from "./tag-routes.ts";
import { invitationRoutes, teamPromptRoutes, teamRoutes } from "./team-routes.ts";
import { tokenRoutes } from "./token-routes.ts";
import { versionRoutes } from "./version-routes.ts";
import { workbenchRoutes } from "./workbench-routes.ts";

export interface ApiOptions {
  db: Database;
  cookies: CookieNames;
  https: boolean;
  limits: ImportLimits & { eventStreamsPerPerson: number; eventStreamsPerAddress: number };
  trustedProxies: number;
  /** The person's own prompts kept in memory for the palette. */
  libraries: KeptLibraries;
  /** Changes to shared prompts, for live lists; without it, /api/v1/events is not found. */
  changeFeed?: ChangeFeed;
  /** Model connections, runs and test cases. */
  workbench: Workbench;
  /** Where this deployment is reached (PUBLIC_URL), for the links it hands out. */
  publicOrigin: string;
}

/**
 * The JSON API, /api/v1: every route declared with its schemas, and the reference made from them
 * (/api/v1/openapi.json, and /api/v1/docs to read).
 */
export function apiV1Routes(options: ApiOptions) {
  const { db } = options;
  const api = apiRouter()
    .basePath("/api/v1")
    .route("/session", sessionRoutes())
    .route("/prompts", promptRoutes(db))
    .route("/prompts", versionRoutes(db))
    .route("/prompts", teamPromptRoutes(db))
    .route("/prompts", labelRoutes(db))
    .route("/prompts", suggestionRoutes(db))
    .route("/palette", paletteRoutes({ db, libraries: options.libraries }))
    .route("/folders", folderRoutes(db))
    .route("/tags", tagRoutes(db))
    .route("/snippets", snippetRoutes(db))
    .route("/collections", collectionRoutes(db))
    .route("/profile", profileRoutes(db))
    .route("/tokens", tokenRoutes(db))
    .route("/teams", teamRoutes({ db, origin: options.publicOrigin }))
    .route("/invitations", invitationRoutes(db))
    .route("/", libraryRoutes(options))
    .route("/", workbenchRoutes(options.workbench))
    .route("/events", eventRoutes({ ...options, feed: options.changeFeed }));
  return api.route("/", referenceRoutes(api));
}
