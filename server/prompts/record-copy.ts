import { sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptCopies, prompts } from "../db/schema.ts";
import { requireViewer } from "./prompt-access.ts";
import { requireVisiblePrompt } from "./require-visible.ts";

/** Copies are remembered this many days back, so repeats within a day can be told apart. */
const keptDays = 2;

/**
 * Counts a copy of a prompt the viewer can see ("most copied" and the prompt of the day go by
 * the count): at most one per person, prompt and day (UTC), however often they copy it, so
 * nobody can push a prompt up by copying it again and again.
 */
export async function recordCopy(options: { db: Database; viewer: Viewer | null; id: string }) {
  const viewer = requireViewer(options.viewer);
  await requireVisiblePrompt(options.db, viewer, options.id);
  await options.db.execute(sql`
    with first_today as (
      insert into ${promptCopies} (prompt_id, user_id, day)
      values (${options.id}, ${viewer.userId}, (now() at time zone 'utc')::date)
      on conflict do nothing
      returning prompt_id
    )
    update ${prompts} set copy_count = copy_count + 1
    where id in (select prompt_id from first_today)`);
}

/** The days no copy can repeat in any more are let go (every instance, now and then). */
export async function forgetOldCopies(db: Database) {
  await db.execute(
    sql`delete from ${promptCopies} where day < (now() at time zone 'utc')::date - ${keptDays}::int`,
  );
}
