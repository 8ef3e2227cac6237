import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { History, Version, VersionSummary } from "../../shared/versions.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { profiles, promptLabels, prompts, promptVersions, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  assertPromptId,
  checkedElsewhere,
  readableBy,
  requireViewer,
  sharedNow,
  standingColumns,
} from "../prompts/prompt-access.ts";
import { creatorName } from "../prompts/prompt-view.ts";

/**
 * A prompt's versions, for those who can see the prompt now and nobody else: its earlier
 * versions (prompt_versions) and the current one (the prompt itself), each named by its author.
 * Another person's personal prompt has no history anyone else can reach: "not found".
 */
export async function readHistory(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<History> {
  const prompt = await visiblePrompt(options.db, requireViewer(options.viewer), options.id);
  return historyOf(options.db, prompt);
}

/**
 * A shared prompt's versions, for its public page: what everyone signed in sees of a shared
 * prompt's history already. Anything but a shared prompt is "not found".
 */
export async function readSharedHistory(options: { db: Database; id: string }): Promise<History> {
  assertPromptId(options.id);
  const { id } = options;
  const rows = (await sharedHistory(options.db).execute({ id })).sort(
    (a, b) => b.number - a.number,
  );
  const [newest] = rows;
  if (!newest) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  return {
    promptId: id,
    current: newest.number,
    oldestKept: rows.at(-1)?.number ?? newest.number,
    versions: rows.map(toSummary),
  };
}

/**
 * The current version and the earlier ones in one statement, never the text: a public page asks
 * this of every prompt it shows.
 */
const sharedHistory = prepared((db) => {
  const id = sql.placeholder("id");
  const current = db
    .select({ ...currentColumns, ...authorColumns })
    .from(prompts)
    .leftJoin(users, eq(users.id, sql`coalesce(${prompts.versionAuthorId}, ${prompts.userId})`))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(prompts.id, id), sharedNow()));
  const earlier = db
    .select({ number: promptVersions.number, ...summaryColumns() })
    .from(promptVersions)
    .innerJoin(prompts, and(eq(prompts.id, promptVersions.promptId), sharedNow()))
    .leftJoin(users, eq(users.id, sql`coalesce(${promptVersions.authorId}, ${prompts.userId})`))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(purger, eq(purger.id, promptVersions.purgedBy))
    .leftJoin(purgerProfile, eq(purgerProfile.id, purger.id))
    .where(eq(promptVersions.promptId, id));
  return current.unionAll(earlier).prepare("shared_history");
});

async function historyOf(db: Database, prompt: VisiblePrompt): Promise<History> {
  const earlier = await db
    .select({ ...summaryColumns(), number: promptVersions.number })
    .from(promptVersions)
    .leftJoin(users, authorJoin(prompt.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(purger, eq(purger.id, promptVersions.purgedBy))
    .leftJoin(purgerProfile, eq(purgerProfile.id, purger.id))
    .where(and(eq(promptVersions.promptId, prompt.id), checkedElsewhere("chosen-by-the-rule")))
    .orderBy(desc(promptVersions.number));
  const labels = await labelsByVersion(db, prompt.id);
  const versions = [toSummary(prompt), ...earlier.map(toSummary)].map((version) => ({
    ...version,
    labels: labels.get(version.number) ?? [],
  }));
  return {
    promptId: prompt.id,
    current: prompt.number,
    oldestKept: versions.at(-1)?.number ?? prompt.number,
    versions,
  };
}

/** A prompt's labels by the version each points at, in the order of their names. */
async function labelsByVersion(db: Database, promptId: string) {
  const rows = await db
    .select({ label: promptLabels.label, version: promptLabels.version })
    .from(promptLabels)
    .where(eq(promptLabels.promptId, promptId))
    .orderBy(promptLabels.label);
  const byVersion = new Map<number, string[]>();
  for (const row of rows)
    byVersion.set(row.version, [...(byVersion.get(row.version) ?? []), row.label]);
  return byVersion;
}

/** One version with its whole text: an earlier one, or the current one. */
export async function readVersion(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  number: number;
}): Promise<Version> {
  const prompt = await visiblePrompt(options.db, requireViewer(options.viewer), options.id);
  return versionOf(options.db, prompt, options.number);
}

export type VisiblePrompt = Awaited<ReturnType<typeof currentVersion>>;

/** The prompt as its current version, if the viewer can see it; otherwise not found. */
export async function visiblePrompt(db: Database, viewer: Viewer, id: string) {
  return currentVersion(db, viewer, id, readableBy(viewer));
}

/** The prompt as its current version, if it meets the condition; otherwise not found. */
async function currentVersion(db: Database, viewer: Viewer, id: string, condition: SQL) {
  assertPromptId(id);
  const [row] = await db
    .select({
      id: prompts.id,
      ...standingColumns(viewer),
      promptText: prompts.promptText,
      ...currentColumns,
      ...authorColumns,
    })
    .from(prompts)
    .leftJoin(users, eq(users.id, sql`coalesce(${prompts.versionAuthorId}, ${prompts.userId})`))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(prompts.id, id), condition));
  if (!row) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  return row;
}

/** Version `number` of a prompt already found visible. */
export async function versionOf(
  db: Database,
  prompt: VisiblePrompt,
  number: number,
): Promise<Version> {
  if (number === prompt.number) return { ...toSummary(prompt), promptText: prompt.promptText };
  const [row] = await db
    .select({
      ...summaryColumns(),
      number: promptVersions.number,
      promptText: promptVersions.promptText,
    })
    .from(promptVersions)
    .leftJoin(users, authorJoin(prompt.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(purger, eq(purger.id, promptVersions.purgedBy))
    .leftJoin(purgerProfile, eq(purgerProfile.id, purger.id))
    .where(
      and(
        eq(promptVersions.promptId, prompt.id),
        eq(promptVersions.number, number),
        checkedElsewhere("chosen-by-the-rule"),
      ),
    );
  if (!row) throw new AppError("not_found", "Version not found", "version_not_found");
  return { ...toSummary(row), promptText: row.promptText };
}

/** Who purged a version, named as an author is. */
const purger = alias(users, "purger");
const purgerProfile = alias(profiles, "purger_profile");

/** The prompt's own columns, named as a version's: the current version is never purged. */
const currentColumns = {
  number: prompts.version,
  title: prompts.title,
  category: prompts.category,
  note: prompts.versionNote,
  restoredFrom: prompts.versionRestoredFrom,
  createdAt: prompts.updatedAt,
  // Read as a purged version's time is, as the union's rows all are.
  purgedAt: sql<Date | null>`null::timestamptz`.mapWith((value: string | Date | null) =>
    value === null ? null : new Date(value),
  ),
  purgerName: sql<string | null>`null::text`,
  purgerEmail: sql<string | null>`null::text`,
  purgerUsername: sql<string | null>`null::text`,
};

/** A version's author, by the names prompt cards give people. */
const authorColumns = {
  authorName: users.name,
  authorEmail: users.email,
  authorUsername: profiles.username,
};

function summaryColumns() {
  return {
    title: promptVersions.title,
    category: promptVersions.category,
    note: promptVersions.note,
    restoredFrom: promptVersions.restoredFrom,
    createdAt: promptVersions.createdAt,
    purgedAt: promptVersions.purgedAt,
    purgerName: purger.name,
    purgerEmail: purger.email,
    purgerUsername: purgerProfile.username,
    ...authorColumns,
  };
}

/** A version written by nobody recorded was written by the prompt's owner. */
const authorJoin = (ownerId: string | null) =>
  eq(users.id, sql`coalesce(${promptVersions.authorId}, ${ownerId}::uuid)`);

function toSummary(row: {
  number: number;
  title: string;
  category: string | null;
  note: string | null;
  restoredFrom: number | null;
  createdAt: Date;
  authorName: string | null;
  authorEmail: string | null;
  authorUsername: string | null;
  purgedAt: Date | null;
  purgerName: string | null;
  purgerEmail: string | null;
  purgerUsername: string | null;
}): VersionSummary {
  return {
    number: row.number,
    title: row.title,
    category: row.category,
    authorName: creatorName({
      ownerName: row.authorName,
      ownerEmail: row.authorEmail,
      ownerUsername: row.authorUsername,
    }),
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    restoredFrom: row.restoredFrom,
    purged: row.purgedAt
      ? {
          byName: creatorName({
            ownerName: row.purgerName,
            ownerEmail: row.purgerEmail,
            ownerUsername: row.purgerUsername,
          }),
          at: row.purgedAt.toISOString(),
        }
      : null,
  };
}
