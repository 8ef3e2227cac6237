import type { DatabaseHandle } from "../../server/db/client.ts";
import { createChangeFeed } from "../../server/live/change-feed.ts";
import { testConfig, testKeptAnswers, testLogger } from "./test-app.ts";

/**
 * Sessions, pages and lists kept in memory as the server keeps them, told of every change by the
 * database's change feed (listening once this resolves). Close the feed when done.
 */
export async function signedInMemory(database: DatabaseHandle) {
  const kept = testKeptAnswers(testConfig());
  const feed = createChangeFeed(database, testLogger(), kept.channel);
  await feed.ready;
  return { kept, feed };
}
