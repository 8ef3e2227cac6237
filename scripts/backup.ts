// npm run backup -- <file>: a consistent copy of the whole database (PGlite or PostgreSQL, as
// configured by DATABASE_URL / DATA_DIR) into a gzipped JSON-lines file.
import { backupDatabase } from "../server/backup/backup-database.ts";
import { parseConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";

const path =
  process.argv[2] ??
  `promptshelf-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl.gz`;
const config = parseConfig({ ...process.env, LOG_LEVEL: "silent" });
const started = Date.now();
const database = await openDatabase(config.database);
try {
  const counts = await backupDatabase(database.db, path);
  console.log(`Backed up to ${path} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const [table, rows] of Object.entries(counts)) console.log(`  ${table}: ${rows} rows`);
} finally {
  await database.close();
}
