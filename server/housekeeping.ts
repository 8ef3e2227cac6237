import type { Database } from "./db/client.ts";
import { undoStaleImportRuns } from "./library-data/import-runs.ts";
import type { Logger } from "./logger.ts";
import { forgetOldCopies } from "./prompts/record-copy.ts";

const everyMs = 60_000;

/**
 * What each instance tidies once a minute: imports whose process died part way are undone,
 * and copy records too old to matter are let go. Returns the way to stop.
 */
export function startHousekeeping(db: Database, log: Logger) {
  const tidy = async () => {
    try {
      await undoStaleImportRuns(db);
      await forgetOldCopies(db);
    } catch (error) {
      log.warn({ err: error }, "housekeeping failed; it runs again in a minute");
    }
  };
  void tidy();
  const timer = setInterval(tidy, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
