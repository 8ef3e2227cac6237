import { and, eq, inArray, sql } from "drizzle-orm";
import { titleAndCategory } from "../../shared/prompt.ts";
import { roleAtLeast, type TeamRole } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import {
  favourites,
  folders,
  prompts,
  promptTags,
  promptVersions,
  tags,
  teamMembers,
} from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type Pace, pacer } from "../pacing.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import { requireViewer, sharedNow } from "../prompts/prompt-access.ts";
import { requireTeamRole, teamNotFound } from "../teams/team-access.ts";
import { logTeamActivity } from "../teams/team-activity.ts";
import { isUuid } from "../uuid.ts";
import { forkLinks } from "./fork-links.ts";
import { makeCollections } from "./import-collections.ts";
import type { ImportedHistory } from "./import-history.ts";
import { type ImportPlan, type ImportReport, pathKey, planImport } from "./import-plan.ts";
import { importedSharedContent } from "./import-privacy.ts";
import type { ImportedPrompt, ImportLimits, ParsedImport } from "./import-rules.ts";
import {
  finishImportRun,
  heartbeat,
  type ImportRun,
  startImportRun,
  undoImportRun,
} from "./import-runs.ts";
import { parseImport } from "./parse-import.ts";

/** Rows per statement at most (folders and tags too). */
const batchRows = 200;
const lookupBatch = 1000;

/**
 * Imports a library file into the viewer's library, or with `teamId` into a team's they edit, or
 * (dry run) says what it would do. Prompts whose text the library already has are skipped and
 * counted. All of it, or none of it.
 */
export async function importLibrary(options: {
  db: Database;
  viewer: Viewer | null;
  /** The team whose library it goes into (its editors and owners may); none: the viewer's own. */
  teamId?: string;
  /** The file as sent: its bytes (a zip is binary), or its text. */
  file: string | Uint8Array;
  /** The file's name where known, which tells a Markdown prompt file apart. */
  fileName?: string;
  dryRun: boolean;
  limits: ImportLimits;
  /** Shares shared prompts the privacy check found secrets or personal data in. */
  confirm?: boolean;
}): Promise<ImportReport> {
  const viewer = requireViewer(options.viewer);
  // A team one may not import into is refused before the file is read.
  if (options.teamId) await requireTeamRole(options.db, viewer, options.teamId, "editor");
  const pace = pacer();
  const parsed = await parseImport(options.file, options.limits, pace, options.fileName);
  return applyImport({ ...options, parsed, pace });
}

/**
 * Imports prompts already read from a file (the seed script adjusts them first). The writing is
 * split into short transactions, with other requests served between them; the rows carry the
 * run's id, and nobody sees them (their owner neither) while the run is on. The last
 * transaction ends the run, and everything lands at once; a failure (or, after a crash, the next
 * start) deletes them again before they were ever shown: whole or not at all.
 *
 * Into a team, the prompts are the team's (team_id set as they are written), and the importer
 * must be its editor (or owner) at every step: each transaction holds their membership row while
 * it writes, so a member removed, demoted or whose team is deleted while the import runs stops it,
 * and nothing of it lands. The team's log gets one entry for the import, with what it added.
 */
export async function applyImport(options: {
  db: Database;
  viewer: Viewer | null;
  teamId?: string;
  parsed: ParsedImport;
  dryRun: boolean;
  confirm?: boolean;
  pace?: Pace;
}): Promise<ImportReport> {
  const viewer = requireViewer(options.viewer);
  const { db, parsed, teamId } = options;
  if (teamId) await requireTeamRole(db, viewer, teamId, "editor");
  const pace = options.pace ?? pacer();
  const plan = await planImport(db, viewer, parsed, pace, teamId);
  // The preview refuses too, so the person hears of it before choosing to import.
  assertShareable(
    importedSharedContent(plan.fresh, parsed.format, plan.collections),
    options.confirm,
  );
  const report: ImportReport = { ...plan.report, dryRun: options.dryRun };
  if (options.dryRun) return report;
  const run = await startImportRun(db, viewer.userId);
  const starred: string[] = [];
  try {
    const folderIds = await makeFolders(db, viewer, run, plan, pace);
    const tagIds = await makeTags(db, viewer, run, plan, pace);
    const sizes = batchSizes();
    for (let start = 0; start < plan.fresh.length; ) {
      const batch = nextBatch(plan.fresh, start, sizes.chars);
      const began = performance.now();
      await db.transaction(async (tx) => {
        await heartbeat(tx, run);
        if (teamId) await holdEditor(tx, viewer, teamId);
        await insertPrompts(tx, viewer, run, batch, folderIds, tagIds, teamId ?? null);
      });
      sizes.took(performance.now() - began);
      start += batch.length;
      await pace();
    }
    // Stars on other people's prompts are the importer's own, not the team's.
    if (!teamId) await starOthers(db, viewer, run, parsed.starredIds, starred, pace);
    // The transaction that ends the run lands everything it wrote at once, and makes the
    // collections, whose items may name the prompts just landed: all of it, or none. Into a
    // team, only while the importer is still its editor, and with the entry in its log.
    await db.transaction(async (tx) => {
      if (teamId) await holdEditor(tx, viewer, teamId);
      await finishImportRun(tx, run);
      report.collectionItemsSkipped = await makeCollections(tx, viewer, plan.collections);
      if (teamId) {
        await logTeamActivity(tx, {
          teamId,
          actorId: viewer.userId,
          action: "prompts_imported",
          detail: { count: report.added, format: report.format },
        });
      }
    });
  } catch (error) {
    // If undoing fails too (the database went away), the run stays behind, and the next start,
    // or the person's next import, undoes its prompts, folders and tags.
    await unstar(db, viewer, starred).catch(() => {});
    await undoImportRun(db, run, pace).catch(() => {});
    throw error;
  }
  return report;
}

/**
 * Refuses the transaction unless the viewer is the team's editor or owner now, and holds their
 * membership row until it commits: a removal (or the team's deletion) waits for it, and a
 * demotion too, so what it writes is written by an editor.
 */
async function holdEditor(tx: Tx, viewer: Viewer, teamId: string) {
  const [member] = await tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, viewer.userId)))
    .for("share");
  if (!member) throw teamNotFound();
  if (!roleAtLeast(member.role as TeamRole, "editor")) {
    throw new AppError("forbidden", "Only the team's editors can do that", "team_role");
  }
}

/**
 * How much text goes into one transaction. Indexing a prompt's words costs time in proportion to
 * its text, and on the embedded database every other request waits for the transaction in
 * progress; so each batch is sized from how long the last one took, aiming at 40 to 80 ms.
 */
function batchSizes() {
  const sizes = {
    chars: 16 * 1024,
    took(ms: number) {
      if (ms < 20) sizes.chars = Math.min(sizes.chars * 2, 1_048_576);
      else if (ms > 40) sizes.chars = Math.max(Math.floor(sizes.chars / 2), 1024);
    },
  };
  return sizes;
}

/**
 * From `start`, at most `batchRows` prompts and about `chars` characters of text, their earlier
 * versions' counted (at least one prompt).
 */
function nextBatch(fresh: ImportedPrompt[], start: number, chars: number) {
  let end = start;
  let size = 0;
  while (end < fresh.length && end - start < batchRows && (end === start || size < chars)) {
    const prompt = fresh[end];
    size += (prompt?.promptText.length ?? 0) + historyLength(prompt?.history);
    end++;
  }
  return fresh.slice(start, end);
}

function historyLength(history: ImportedHistory | undefined) {
  return history?.earlier.reduce((sum, version) => sum + version.promptText.length, 0) ?? 0;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function insertPrompts(
  tx: Tx,
  viewer: Viewer,
  run: ImportRun,
  batch: ImportedPrompt[],
  folderIds: Map<string, string>,
  tagIds: Map<string, string>,
  teamId: string | null,
) {
  const linkOf = await forkLinks(tx, viewer, batch);
  const inserted = await tx
    .insert(prompts)
    .values(
      batch.map((prompt) => ({
        ...prompt.columns,
        ...titleAndCategory(prompt.useCase),
        ...(prompt.topic ? { category: prompt.topic } : {}),
        promptText: prompt.promptText,
        userId: viewer.userId,
        teamId,
        isShared: prompt.shared,
        createdByAdmin: viewer.isAdmin,
        folderId: prompt.folderPath.length ? folderIds.get(pathKey(prompt.folderPath)) : null,
        importRunId: run.id,
        ...(prompt.createdAt ? { createdAt: prompt.createdAt, updatedAt: prompt.createdAt } : {}),
        ...(prompt.history ? currentVersion(prompt.history) : {}),
        ...linkOf(prompt.history?.savedFrom ?? null),
      })),
    )
    .returning({ id: prompts.id });
  await insertEarlierVersions(tx, batch, inserted);
  const links = batch.flatMap((prompt, i) =>
    prompt.tags.map((tag) => ({
      promptId: inserted[i]?.id ?? "",
      tagId: tagIdOf(tagIds, tag),
    })),
  );
  if (links.length) await tx.insert(promptTags).values(links).onConflictDoNothing();
  const stars = batch.flatMap((prompt, i) =>
    prompt.favourite && inserted[i] ? [{ userId: viewer.userId, promptId: inserted[i].id }] : [],
  );
  if (stars.length) await tx.insert(favourites).values(stars).onConflictDoNothing();
}

/** The current version's columns; with no time of its own, it dates from the prompt's creation. */
function currentVersion(history: ImportedHistory) {
  return {
    version: history.version,
    versionNote: history.note,
    versionRestoredFrom: history.restoredFrom,
    ...(history.updatedAt ? { updatedAt: history.updatedAt } : {}),
  };
}

/**
 * The imported prompts' earlier versions, written as they were (numbers, texts, notes, times),
 * by their owner. Inserting them, like inserting the prompts, makes no version of its own: only
 * a change to a prompt's content does (drizzle/0014).
 */
async function insertEarlierVersions(tx: Tx, batch: ImportedPrompt[], inserted: { id: string }[]) {
  const rows = batch.flatMap((prompt, i) => {
    const promptId = inserted[i]?.id;
    if (!promptId || !prompt.history) return [];
    return prompt.history.earlier.map((version) => ({
      ...version.columns,
      promptId,
      number: version.number,
      ...titleAndCategory(version.useCase),
      promptText: version.promptText,
      note: version.note,
      restoredFrom: version.restoredFrom,
      createdAt: version.createdAt,
    }));
  });
  for (let start = 0; start < rows.length; start += batchRows) {
    await tx.insert(promptVersions).values(rows.slice(start, start + batchRows));
  }
}

/** Makes the folders the import needs, level by level; returns every folder's id by path. */
async function makeFolders(
  db: Database,
  viewer: Viewer,
  run: ImportRun,
  plan: ImportPlan,
  pace: Pace,
) {
  const ids = new Map(plan.folderIds);
  for (let start = 0; start < plan.newFolders.length; ) {
    // One level at a time, so every parent has its id before its children are written.
    const depth = plan.newFolders[start]?.depth;
    const level: ImportPlan["newFolders"] = [];
    for (let i = start; i < plan.newFolders.length && level.length < batchRows; i++) {
      const folder = plan.newFolders[i];
      if (!folder || folder.depth !== depth) break;
      level.push(folder);
    }
    const made = await db.transaction(async (tx) => {
      await heartbeat(tx, run);
      return tx
        .insert(folders)
        .values(
          level.map((folder) => ({
            userId: viewer.userId,
            parentId: folder.parent === null ? null : (ids.get(folder.parent) ?? null),
            name: folder.name,
            importRunId: run.id,
          })),
        )
        .returning({ id: folders.id });
    });
    level.forEach((folder, i) => {
      const id = made[i]?.id;
      if (id) ids.set(folder.path, id);
    });
    start += level.length;
    await pace();
  }
  return ids;
}

/** Makes the tags the import needs; returns each of the file's tags' id, by the name in the file. */
async function makeTags(
  db: Database,
  viewer: Viewer,
  run: ImportRun,
  plan: ImportPlan,
  pace: Pace,
) {
  for (let start = 0; start < plan.newTags.length; start += batchRows) {
    const names = plan.newTags.slice(start, start + batchRows);
    await db.transaction(async (tx) => {
      await heartbeat(tx, run);
      await tx
        .insert(tags)
        .values(names.map((name) => ({ userId: viewer.userId, name, importRunId: run.id })))
        .onConflictDoNothing();
    });
    await pace();
  }
  const rows = await db
    .select({ id: tags.id, name: sql<string>`lower(${tags.name})` })
    .from(tags)
    .where(eq(tags.userId, viewer.userId));
  const byKey = new Map(rows.map((row) => [row.name, row.id]));
  return new Map(
    [...plan.tagKeys].flatMap(([name, key]) => {
      const id = byKey.get(key);
      return id ? [[name, id] as const] : [];
    }),
  );
}

function tagIdOf(tagIds: Map<string, string>, tag: string) {
  const id = tagIds.get(tag);
  if (!id) throw new Error(`the import's tag "${tag}" has no id`);
  return id;
}

/**
 * Stars the file gave to other people's shared prompts, where they still exist. The new ones are
 * noted in `added`, so a failure after this can take them back.
 */
async function starOthers(
  db: Database,
  viewer: Viewer,
  run: ImportRun,
  starredIds: string[],
  added: string[],
  pace: Pace,
) {
  const ids = [...new Set(starredIds.filter(isUuid))];
  for (let start = 0; start < ids.length; start += lookupBatch) {
    const batch = ids.slice(start, start + lookupBatch);
    const starred = await db.transaction(async (tx) => {
      await heartbeat(tx, run);
      const visible = await tx
        .select({ id: prompts.id })
        .from(prompts)
        .where(and(inArray(prompts.id, batch), sharedNow()));
      if (visible.length === 0) return [];
      return tx
        .insert(favourites)
        .values(visible.map((row) => ({ userId: viewer.userId, promptId: row.id })))
        .onConflictDoNothing()
        .returning({ promptId: favourites.promptId });
    });
    added.push(...starred.map((row) => row.promptId));
    await pace();
  }
}

async function unstar(db: Database, viewer: Viewer, promptIds: string[]) {
  for (let start = 0; start < promptIds.length; start += lookupBatch) {
    await db
      .delete(favourites)
      .where(
        and(
          eq(favourites.userId, viewer.userId),
          inArray(favourites.promptId, promptIds.slice(start, start + lookupBatch)),
        ),
      );
  }
}
