import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { folders, importRuns, prompts, tags } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type Pace, pacer } from "../pacing.ts";
import { checkedElsewhere } from "../prompts/prompt-access.ts";

type Writer = Pick<Database, "update">;

/** A run whose transactions stopped this long ago died with its process. */
const staleAfter = sql`interval '2 minutes'`;
const undoBatch = 500;

/**
 * Starts the person's import, undoing first one that died. One at a time per person: a second
 * is refused while the first runs.
 */
export async function startImportRun(db: Database, userId: string) {
  await undoStaleImportRuns(db, userId);
  const [run] = await db
    .insert(importRuns)
    .values({ userId })
    .onConflictDoNothing()
    .returning({ id: importRuns.id });
  if (!run) {
    throw new AppError(
      "rate_limited",
      "An import into your library is already running. Please wait for it to finish.",
      "import_running",
    );
  }
  return { id: run.id, userId };
}

export type ImportRun = Awaited<ReturnType<typeof startImportRun>>;

/** Called in each of the run's transactions: it is alive, and nobody ended it meanwhile. */
export async function heartbeat(tx: Writer, run: ImportRun) {
  const alive = await tx
    .update(importRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(importRuns.id, run.id))
    .returning({ id: importRuns.id });
  if (alive.length === 0) throw endedEarly();
}

/**
 * The last step, in the transaction that ends the run: deleting the run's row is what lands
 * everything it wrote, at once (until then landed() in prompt-access.ts hides it from everyone),
 * and the database announces it then (drizzle/0020). Refused if the run was undone already.
 */
export async function finishImportRun(tx: Pick<Database, "delete">, run: ImportRun) {
  const finished = await tx
    .delete(importRuns)
    .where(eq(importRuns.id, run.id))
    .returning({ id: importRuns.id });
  if (finished.length === 0) throw endedEarly();
}

const endedEarly = () => new Error("the import was ended before it finished");

/**
 * Deletes what a run wrote, a few hundred prompts per transaction, then the folders and tags it
 * made that nothing else has come to use, then the run itself (last, so a crash part way
 * leaves the run to be undone again, and nothing it wrote is ever shown).
 */
export async function undoImportRun(db: Database, run: ImportRun, pace: Pace = pacer()) {
  const ofRun = and(
    eq(prompts.userId, run.userId),
    eq(prompts.importRunId, run.id),
    checkedElsewhere("own-rows-before-writing"),
  );
  while (true) {
    const batch = db.select({ id: prompts.id }).from(prompts).where(ofRun).limit(undoBatch);
    const deleted = await db
      .delete(prompts)
      .where(inArray(prompts.id, batch))
      .returning({ id: prompts.id });
    if (deleted.length < undoBatch) break;
    await pace();
  }
  await db
    .delete(tags)
    .where(
      and(
        eq(tags.userId, run.userId),
        eq(tags.importRunId, run.id),
        sql`not exists (select 1 from prompt_tags where prompt_tags.tag_id = ${tags.id})`,
      ),
    );
  // Leaves first, one level per round: deleting a folder deletes the folders inside it, and
  // the person may have made some of those, or filed prompts in them, while the run went on.
  while (true) {
    const deleted = await db
      .delete(folders)
      .where(
        and(
          eq(folders.userId, run.userId),
          eq(folders.importRunId, run.id),
          sql`not exists (select 1 from ${prompts} where ${prompts.folderId} = ${folders.id} and ${checkedElsewhere("own-rows-before-writing")})`,
          sql`not exists (select 1 from folders inner_folder where inner_folder.parent_id = ${folders.id})`,
        ),
      )
      .returning({ id: folders.id });
    if (deleted.length === 0) break;
  }
  await db.delete(importRuns).where(eq(importRuns.id, run.id));
}

/** Undoes every run (or the person's) whose process stopped before it finished. */
export async function undoStaleImportRuns(db: Database, userId?: string) {
  const stale = await db
    .select({ id: importRuns.id, userId: importRuns.userId })
    .from(importRuns)
    .where(
      and(
        lt(importRuns.heartbeatAt, sql`now() - ${staleAfter}`),
        userId ? eq(importRuns.userId, userId) : undefined,
      ),
    );
  for (const run of stale) await undoImportRun(db, run);
  return stale.length;
}
