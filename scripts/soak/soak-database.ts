import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchCookies } from "../../bench/support/bench-sessions.ts";
import { livingReaders } from "../../bench/support/living-routes.ts";
import { query, seedLibrary } from "../../bench/support/seed-library.ts";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "../../server/db/client.ts";
import { accessTokens } from "../../server/db/schema.ts";
import { newTokenSecret } from "../../server/tokens/access-tokens.ts";
import { promptPath } from "../../shared/public-address.ts";
import { createUser, signedInCookie } from "../../tests/support/factories.ts";
import { freshPostgres } from "../support/fresh-postgres.ts";
import type { SoakOptions } from "./soak-options.ts";

const databaseName = "promptshelf_soak";
/** The administrator who reads what memory holds at the end (/admin/memory); nobody's visitor. */
const adminEmail = "soak-admin@example.com";
/** Shared prompts whose pages and social images visitors read, many of them once. */
const sharedPages = 2000;

export interface SoakDatabase {
  /** What the server needs to find the database. */
  env: Record<string, string>;
  /** Signed-in Cookie headers, one per connection (generated users, sessions written directly). */
  cookies: string[];
  /** With --living, one for each of the generated people, who read and share in turn; else none. */
  people: string[];
  /** Access tokens (read scope) of the visitors' people, for their MCP clients. */
  tokens: string[];
  /** Addresses of shared prompts' pages. */
  promptPages: string[];
  /** An administrator's Cookie header, to read what memory holds. */
  adminCookie: string;
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
  let tokens: string[];
  let promptPages: string[];
  let adminCookie: string;
  try {
    log(`seeding ${options.prompts.toLocaleString("en-US")} prompts on ${options.driver}...`);
    await seedLibrary(handle, options.prompts);
    cookies = await benchCookies(handle, options.connections);
    if (options.shareRate !== null) people = await benchCookies(handle, livingReaders);
    tokens = await readTokens(handle, options.connections);
    promptPages = (
      await query<{ id: string; title: string }>(
        handle,
        `SELECT id, title FROM prompts WHERE is_shared ORDER BY id LIMIT ${sharedPages}`,
      )
    ).map(promptPath);
    const admin = await createUser(handle.db, { email: adminEmail });
    adminCookie = await signedInCookie(handle.db, admin.id);
  } catch (error) {
    await handle.close();
    await fresh.remove();
    throw error;
  }
  // A PGlite data directory opens in one process at a time: the server's, from here on.
  await handle.close();
  return {
    env: { ...fresh.env, ADMIN_EMAILS: adminEmail },
    cookies,
    people,
    tokens,
    promptPages,
    adminCookie,
    remove: fresh.remove,
  };
}

/** A read token for each of the first `count` generated people: the visitors' own. */
async function readTokens(handle: DatabaseHandle, count: number) {
  const users = await query<{ id: string }>(
    handle,
    `SELECT id FROM users WHERE issuer = 'https://bench.local' ORDER BY id LIMIT ${count}`,
  );
  const tokens: string[] = [];
  for (const user of users) {
    const { token, hash } = newTokenSecret();
    await handle.db
      .insert(accessTokens)
      .values({ userId: user.id, name: "soak", tokenHash: hash, scope: "read" });
    tokens.push(token);
  }
  return tokens;
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
