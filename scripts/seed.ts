// npm run seed [-- file.csv]: fills the community library with demo prompts (by default the
// 1,529 prompts of seed/prompts.csv), shared by a "PromptShelf Community" account, dated over
// the past 30 days and filed under the topic libraries (server/library-data/topic-rules.ts).
// Safe to run again: prompts already there are skipped.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { connectionSettings } from "../server/db/connection-settings.ts";
import { seedCommunity } from "../server/library-data/seed-community.ts";
import { projectRoot } from "../server/project-root.ts";

const file = process.argv[2] ?? join(projectRoot, "seed/prompts.csv");
const config = parseConfig({ ...process.env, LOG_LEVEL: "silent" });
const database = await openDatabase(config.database, { settings: connectionSettings(config) });
try {
  const started = Date.now();
  const report = await seedCommunity({
    db: database.db,
    csv: await readFile(file, "utf8"),
    limits: config.limits,
  });
  const filed = Object.entries(report.filed)
    .map(([topic, count]) => `${topic} ${count}`)
    .join(", ");
  console.log(
    `Seeded ${report.added.toLocaleString("en-US")} community prompts from ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      ` (${report.duplicates.toLocaleString("en-US")} already there or repeated). Filed under topics: ${filed || "none"}.`,
  );
} finally {
  await database.close();
}
