import { forgetOldStoredPages } from "./cache/kept-answers.ts";
import type { Database } from "./db/client.ts";
import { undoStaleImportRuns } from "./library-data/import-runs.ts";
import type { Logger } from "./logger.ts";
import { forgetUnusedGrants } from "./oauth/forget-unused-grants.ts";
import { forgetOldCopies } from "./prompts/record-copy.ts";
import { forgetOldTeamActivity } from "./teams/team-activity.ts";

const everyMs = 60_000;

/**
 * What each instance tidies once a minute: imports whose process died part way are undone,
 * copy records too old to matter are let go, and so are OAuth codes, grants and clients nobody
 * uses any more, stored pages too old to be served, and teams' log entries over a year old.
 * Returns the way to stop.
 */
export function startHousekeeping(db: Database, log: Logger) {
  let running: Promise<void> | null = null;
  const tidy = async () => {
    try {
      await undoStaleImportRuns(db);
      await forgetOldCopies(db);
      await forgetUnusedGrants(db);
      await forgetOldStoredPages(db);
      await forgetOldTeamActivity(db);
    } catch (error) {
      log.warn({ err: error }, "housekeeping failed; it runs again in a minute");
    }
  };
  // A tidy that takes longer than a minute is not started again beside itself.
  const start = () => {
    running ??= tidy().finally(() => {
      running = null;
    });
  };
  start();
  const timer = setInterval(start, everyMs);
  timer.unref();
  /** Stops the timer and waits for a tidy under way, so it never outlives the database. */
  return async () => {
    clearInterval(timer);
    await running;
  };
}
