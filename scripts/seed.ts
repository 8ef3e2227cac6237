// npm run seed [-- file.csv]: fills the community library with demo prompts (by default the
// 1,529 prompts of seed/prompts.csv), shared by a "PromptShelf Community" account and dated over
// the past 30 days. Safe to run again: prompts already there are skipped.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { upsertAccount } from "../server/auth/accounts.ts";
import { parseConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { connectionSettings } from "../server/db/connection-settings.ts";
import { applyImport } from "../server/library-data/import-library.ts";
import { parseImport } from "../server/library-data/parse-import.ts";
import { projectRoot } from "../server/project-root.ts";

const file = process.argv[2] ?? join(projectRoot, "seed/prompts.csv");
const config = parseConfig({ ...process.env, LOG_LEVEL: "silent" });
const database = await openDatabase(config.database, { settings: connectionSettings(config) });
try {
  const started = Date.now();
  const identity = {
    issuer: "https://promptshelf.local/seed",
    subject: "community",
    email: "community@promptshelf.example",
    name: "PromptShelf Community",
    avatarUrl: null,
  };
  const { userId } = await upsertAccount(database.db, identity);
  const parsed = await parseImport(await readFile(file, "utf8"), config.limits);
  const thirtyDays = 30 * 24 * 60 * 60 * 1000;
  const now = Date.now();
  parsed.prompts = parsed.prompts.map((prompt, index) => ({
    ...prompt,
    shared: true,
    createdAt: new Date(
      now - Math.round((thirtyDays * (parsed.prompts.length - index)) / parsed.prompts.length),
    ),
  }));
  const viewer = {
    userId,
    email: identity.email,
    name: identity.name,
    avatarUrl: null,
    username: null,
    isAdmin: false,
  };
  const report = await applyImport({ db: database.db, viewer, parsed, dryRun: false });
  console.log(
    `Seeded ${report.added} community prompts from ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      ` (${report.duplicates} already there or repeated).`,
  );
} finally {
  await database.close();
}
