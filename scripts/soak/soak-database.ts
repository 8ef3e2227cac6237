import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchCookies } from "../../bench/support/bench-sessions.ts";
import { livingReaders } from "../../bench/support/living-routes.ts";
import { seedLibrary } from "../../bench/support/seed-library.ts";
import { type DatabaseTarget, openDatabase } from "../../server/db/client.ts";
import { freshPostgres } from "../support/fresh-postgres.ts";
import type { SoakOptions } from "./soak-options.ts";

const databaseName = "promptshelf_soak";

export interface SoakDatabase {
  /** What the server needs to find the database. */
  env: Record<string, string>;
  /** Signed-in Cookie headers, one per connection (generated users, sessions written directly). */
  cookies: string[];
  /** With --living, one for each of the generated people, who read and share in turn; else none. */
  people: string[];
  remove(): Promise<void>;
}

/**
 * A fresh database holding the generated library the benchmark uses: created anew on every run
 * (promptshelf_soak on PostgreSQL, a temporary directory for PGlite) so no run inherits another's
 * rows, and removed again by `remove()`.
 */
export async function soakDatabase(
  options: SoakOptions,
  log: (line: string) => void,
): Promise<SoakDatabase> {
  const fresh =
    options.driver === "postgres"
      ? await freshPostgres(options.postgresUrl, databaseName)
      : await freshPglite();
  const handle = await openDatabase(fresh.target);
  let cookies: string[];
  let people: string[] = [];
  try {
    log(`seeding ${options.prompts.toLocaleString("en-US")} prompts on ${options.driver}...`);
    await seedLibrary(handle, options.prompts);
    cookies = await benchCookies(handle, options.connections);
    if (options.shareRate !== null) people = await benchCookies(handle, livingReaders);
  } catch (error) {
    await handle.close();
    await fresh.remove();
    throw error;
  }
  // A PGlite data directory opens in one process at a time: the server's, from here on.
  await handle.close();
  return { env: fresh.env, cookies, people, remove: fresh.remove };
}

async function freshPglite() {
  const dir = await mkdtemp(join(tmpdir(), "promptshelf-soak-"));
  const dataDir = join(dir, "data");
  const target: DatabaseTarget = { driver: "pglite", dataDir };
  return {
    target,
    env: { DATA_DIR: dataDir },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
