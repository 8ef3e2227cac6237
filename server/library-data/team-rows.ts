import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts, promptVersions } from "../db/schema.ts";
import { inTeam } from "../prompts/prompt-access.ts";
import { storedTextHash } from "../prompts/same-text.ts";
import { memberOf, teamNotFound } from "../teams/team-access.ts";
import type { ExportedPrompt } from "./library-rows.ts";
import { exportEntry, promptCodec, versionCodec } from "./table-codecs.ts";

/*
 * A team's library as its export and an import into it read it: the team's prompts, a batch at a
 * time, each batch read through inTeam (prompt-access.ts), which reads the reader's membership in
 * the same statement. A member removed (or the team deleted) while an export is under way gets
 * nothing of the team read after that: the next batch holds none. And an export cut short so
 * never ends as if whole: where a member's export would end, a former member's breaks off with
 * "team not found", so the download fails instead of looking complete.
 */

const batchSize = 500;

type Position = { createdAt: Date; id: string } | null;

/** The team's prompts after a position, oldest first, while the reader is in the team. */
const teamAfter = (reader: Pick<Viewer, "userId">, teamId: string, after: Position) =>
  and(
    inTeam(reader, teamId),
    after
      ? sql`(${prompts.createdAt}, ${prompts.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  );
const oldestFirst = [asc(prompts.createdAt), asc(prompts.id)];

/** Throws "team not found" when the reader is no longer in the team. */
async function stillMember(db: Database, reader: Pick<Viewer, "userId">, teamId: string) {
  if (!(await memberOf(db, reader, teamId))) throw teamNotFound();
}

/**
 * Every prompt of the team, oldest first, a batch at a time, as the personal export's entries
 * (library-rows.ts ownPrompts): a team's prompts have no folders or tags, and a star is its
 * giver's own, so none are written. The last batch is given out only once the reader is known
 * to be in the team still.
 */
export async function* teamPrompts(
  db: Database,
  reader: Pick<Viewer, "userId">,
  teamId: string,
): AsyncGenerator<ExportedPrompt & Record<string, unknown>> {
  let after: Position = null;
  while (true) {
    const batch: (typeof prompts.$inferSelect)[] = await db
      .select()
      .from(prompts)
      .where(teamAfter(reader, teamId, after))
      .orderBy(...oldestFirst)
      .limit(batchSize);
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) await stillMember(db, reader, teamId);
    for (const row of batch) {
      yield exportEntry(promptCodec, row, { tags: [], favourite: false }) as ExportedPrompt &
        Record<string, unknown>;
    }
    if (!last || batch.length < batchSize) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The earlier versions of the team's prompts given (id and current version, as read), oldest
 * first, one prompt at a time, each read through the team's rule again; as for the prompts, the
 * list ends only while the reader is in the team.
 */
export async function* teamEarlierVersions(
  db: Database,
  reader: Pick<Viewer, "userId">,
  teamId: string,
  edited: Map<string, number>,
): AsyncGenerator<Record<string, unknown>> {
  for (const [promptId, current] of edited) {
    const rows = await db
      .select({ version: promptVersions })
      .from(promptVersions)
      .innerJoin(prompts, eq(prompts.id, promptVersions.promptId))
      .where(
        and(
          eq(promptVersions.promptId, promptId),
          lt(promptVersions.number, current),
          isNull(promptVersions.purgedAt),
          inTeam(reader, teamId),
        ),
      )
      .orderBy(asc(promptVersions.number));
    for (const row of rows) yield exportEntry(versionCodec, row.version);
  }
  await stillMember(db, reader, teamId);
}

/** The MD5 of each text the team's library holds, a batch at a time (an import's duplicates). */
export async function* teamPromptHashes(
  db: Database,
  reader: Pick<Viewer, "userId">,
  teamId: string,
): AsyncGenerator<string[]> {
  let after: Position = null;
  while (true) {
    const batch = await db
      .select({ createdAt: prompts.createdAt, id: prompts.id, hash: storedTextHash })
      .from(prompts)
      .where(teamAfter(reader, teamId, after))
      .orderBy(...oldestFirst)
      .limit(batchSize);
    if (batch.length > 0) yield batch.map((row) => row.hash);
    after = batch.at(-1) ?? null;
    if (!after || batch.length < batchSize) return;
  }
}
