import { cookieNames } from "../../server/auth/cookies.ts";
import { createCacheVersions } from "../../server/cache/cache-versions.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { createViewerResponseCache } from "../../server/http/viewer-response-cache.ts";
import { createChangeFeed } from "../../server/live/change-feed.ts";
import { testLogger } from "./test-app.ts";

/**
 * Sessions, pages and lists kept in memory as the server keeps them, told of every change by the
 * database's change feed (listening once this resolves). Close the feed when done.
 */
export async function signedInMemory(database: DatabaseHandle) {
  const versions = createCacheVersions();
  const feed = createChangeFeed(database, testLogger(), versions);
  await feed.ready;
  const signedInAnswers = createViewerResponseCache({
    versions,
    sessionCookie: cookieNames(false).session,
  });
  return { versions, feed, signedInAnswers };
}
