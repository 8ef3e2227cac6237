import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type DatabaseTarget, openDatabase } from "../../server/db/client.ts";
import { prompts } from "../../server/db/schema.ts";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { freshPostgres } from "../support/fresh-postgres.ts";
import type { Driver } from "./chaos-options.ts";

const databaseName = "promptshelf_chaos";

export interface ChaosDatabase {
  driver: Driver;
  /** Where the data lives: the PGlite data directory or the PostgreSQL URL. */
  location: string;
  /** What the server needs to find the database. */
  env: Record<string, string>;
  /** The writer's Cookie header: a user and session written straight into the database. */
  cookie: string;
  /** The writer's prompts (id to text), read directly; the server must be stopped for PGlite. */
  storedPrompts(): Promise<Map<string, string>>;
  remove(): Promise<void>;
}

/**
 * A fresh, migrated database with one signed-in user. For PGlite the user is written before
 * the server ever starts: the data directory opens in one process at a time.
 */
export async function chaosDatabase(driver: Driver, postgresUrl: string): Promise<ChaosDatabase> {
  const fresh = driver === "postgres" ? await chaosPostgres(postgresUrl) : await freshPglite();
  let userId: string;
  let cookie: string;
  try {
    const handle = await openDatabase(fresh.target);
    try {
      const user = await createUser(handle.db, { name: "Chaos Writer" });
      userId = user.id;
      cookie = await signedInCookie(handle.db, user.id);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await fresh.remove();
    throw error;
  }
  return {
    driver,
    location: fresh.location,
    env: fresh.env,
    cookie,
    async storedPrompts() {
      const handle = await openDatabase(fresh.target);
      try {
        const rows = await handle.db
          .select({ id: prompts.id, promptText: prompts.promptText })
          .from(prompts)
          .where(eq(prompts.userId, userId));
        return new Map(rows.map((row) => [row.id, row.promptText]));
      } finally {
        await handle.close();
      }
    },
    remove: fresh.remove,
  };
}

async function chaosPostgres(serverUrl: string) {
  const fresh = await freshPostgres(serverUrl, databaseName);
  return { ...fresh, location: fresh.env.DATABASE_URL.replace(/\/\/[^@/]*@/, "//") };
}

async function freshPglite() {
  const dir = await mkdtemp(join(tmpdir(), "promptshelf-chaos-"));
  const dataDir = join(dir, "data");
  const target: DatabaseTarget = { driver: "pglite", dataDir };
  return {
    target,
    location: dataDir,
    env: { DATA_DIR: dataDir },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
