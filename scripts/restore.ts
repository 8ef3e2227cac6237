// npm run restore -- <file>: loads a backup into the configured database, which must be empty
// (a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL). Migrations run first.
import { RestoreError, restoreDatabase } from "../server/backup/restore-database.ts";
import { parseConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { connectionSettings } from "../server/db/connection-settings.ts";

const path = process.argv[2];
if (!path) {
  console.error("Usage: npm run restore -- <backup file>");
  process.exit(1);
}
const config = parseConfig({ ...process.env, LOG_LEVEL: "silent" });
const started = Date.now();
const database = await openDatabase(config.database, { settings: connectionSettings(config) });
try {
  const counts = await restoreDatabase(database.db, path);
  console.log(`Restored ${path} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const [table, rows] of Object.entries(counts)) console.log(`  ${table}: ${rows} rows`);
} catch (error) {
  if (error instanceof RestoreError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
