import type { DatabaseHandle } from "../../server/db/client.ts";
import { createChangeFeed } from "../../server/live/change-feed.ts";
import { createTestApp, testConfig, testKeptAnswers, testLogger } from "./test-app.ts";

/**
 * The app with sessions, pages and lists kept in memory as the server keeps them, told of every
 * change by the database's change feed (listening once this resolves). Close the feed when done.
 */
export async function signedInMemory(
  database: DatabaseHandle,
  options: {
    env?: Record<string, string>;
    communityWindowMs?: number;
    additionsLagMs?: number;
  } = {},
) {
  const config = testConfig(options.env);
  const kept = testKeptAnswers(config, {
    communityWindowMs: options.communityWindowMs,
    additionsLagMs: options.additionsLagMs,
  });
  const feed = createChangeFeed(database, testLogger(), kept.channel);
  await feed.ready;
  const app = await createTestApp({ db: database.db, config, changeFeed: feed, kept });
  return { config, kept, feed, app };
}
