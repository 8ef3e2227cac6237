import { and, isNotNull, sql } from "drizzle-orm";
import { profiles } from "../db/schema.ts";

/**
 * Who sees a profile, in one place: its person reads and changes their own settings (no one
 * else, administrators included: the API has no address for another person's settings), and a
 * profile is shown to anyone at /u/<handle> only while it is on and has a handle. An off
 * profile and an unknown handle are the same "not found".
 */
export function shownPublicly() {
  return and(sql`${profiles.isPublic}`, isNotNull(profiles.handle));
}
