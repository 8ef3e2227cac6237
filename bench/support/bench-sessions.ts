import { type DatabaseHandle, openDatabase } from "../../server/db/client.ts";
import { signedInCookie } from "../../tests/support/factories.ts";
import type { BenchTarget } from "./bench-options.ts";
import { benchVersionsTitle, benchWriteTitle } from "./bench-routes.ts";
import { query } from "./seed-library.ts";

const benchUsers = "SELECT id FROM users WHERE issuer = 'https://bench.local'";

/** Signed-in Cookie headers for the first `count` bench users, written straight to the database. */
export async function benchCookies(handle: DatabaseHandle, count = 8): Promise<string[]> {
  const users = await query<{ id: string }>(handle, `${benchUsers} ORDER BY id LIMIT ${count}`);
  if (users.length === 0) throw new Error("no bench users in the database");
  const cookies: string[] = [];
  for (const user of users) cookies.push(await signedInCookie(handle.db, user.id));
  return cookies;
}

/**
 * The living community's writer and the version history's editor: the first bench user (one of
 * the readers too), on a session of its own, so its writes never drop the session a reader is
 * using from the server's memory.
 */
export async function writerCookie(handle: DatabaseHandle): Promise<string> {
  const [user] = await query<{ id: string }>(handle, `${benchUsers} ORDER BY id LIMIT 1`);
  if (!user) throw new Error("no bench users in the database");
  return signedInCookie(handle.db, user.id);
}

/**
 * Removes what a run left behind (the write route's, the living community's and the version
 * history's prompts, their versions with them, and the bench sessions), so the next run finds the
 * library at its size instead of loading it again.
 */
export async function removeRunLeftovers(target: BenchTarget, location: string) {
  const handle = await openDatabase(
    target.driver === "pglite"
      ? { driver: "pglite", dataDir: location }
      : { driver: "postgres", url: location },
  );
  try {
    await query(handle, "DELETE FROM prompts WHERE title IN ($1, $2)", [
      benchWriteTitle,
      benchVersionsTitle,
    ]);
    await query(handle, `DELETE FROM sessions WHERE user_id IN (${benchUsers})`);
    await query(handle, "VACUUM ANALYZE prompts");
  } finally {
    await handle.close();
  }
}
