import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { titleAndCategory } from "../../app/lib/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { favourites, folders, prompts, promptTags, tags } from "../db/schema.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { folderPathSeparator, folderPaths } from "./export-library.ts";
import { type ImportedPrompt, type ParsedImport, parseImport } from "./parse-import.ts";

export interface ImportReport {
  format: string;
  inFile: number;
  added: number;
  duplicates: number;
  newFolders: number;
  sample: string[];
  dryRun: boolean;
}

const batchSize = 200;
const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

/**
 * Imports a library file into the viewer's library, or (dry run) says what it would do. Prompts
 * whose text the library already has are skipped and counted. All of it, or none of it.
 */
export async function importLibrary(options: {
  db: Database;
  viewer: Viewer | null;
  text: string;
  dryRun: boolean;
}): Promise<ImportReport> {
  return applyImport({ ...options, parsed: parseImport(options.text) });
}

/** Imports prompts already read from a file (the seed script adjusts them first). */
export async function applyImport(options: {
  db: Database;
  viewer: Viewer | null;
  parsed: ParsedImport;
  dryRun: boolean;
}): Promise<ImportReport> {
  const viewer = requireViewer(options.viewer);
  const { db, parsed } = options;

  const known = new Set(
    (
      await db
        .select({ hash: sql<string>`md5(${prompts.promptText})` })
        .from(prompts)
        .where(eq(prompts.userId, viewer.userId))
    ).map((row) => row.hash),
  );
  // A duplicate: the library already holds the text, or the file had the same text earlier.
  const inFile = new Set<string>();
  const fresh: ImportedPrompt[] = [];
  for (const prompt of parsed.prompts) {
    const stored = md5(prompt.promptText);
    const original = md5(prompt.fileText);
    const duplicate = known.has(stored) || inFile.has(original);
    known.add(stored);
    inFile.add(original);
    if (!duplicate) fresh.push(prompt);
  }
  const existingPaths = new Map(
    [...folderPaths(await ownFolderRows(db, viewer)).entries()].map(([id, path]) => [path, id]),
  );
  const wantedPaths = new Set(
    fresh.filter((p) => p.folderPath.length).map((p) => p.folderPath.join(folderPathSeparator)),
  );
  const report: ImportReport = {
    format: parsed.format,
    inFile: parsed.prompts.length,
    added: fresh.length,
    duplicates: parsed.prompts.length - fresh.length,
    newFolders: countNewFolders(wantedPaths, existingPaths),
    sample: fresh.slice(0, 5).map((p) => titleAndCategory(p.useCase).title),
    dryRun: options.dryRun,
  };
  if (options.dryRun) return report;

  await db.transaction(async (tx) => {
    const folderIds = await ensureFolders(tx, viewer, fresh, existingPaths);
    const tagIds = await ensureTags(tx, viewer, fresh);
    for (let start = 0; start < fresh.length; start += batchSize) {
      const batch = fresh.slice(start, start + batchSize);
      const inserted = await tx
        .insert(prompts)
        .values(
          batch.map((p) => ({
            ...titleAndCategory(p.useCase),
            promptText: p.promptText,
            userId: viewer.userId,
            isShared: p.shared,
            createdByAdmin: viewer.isAdmin,
            folderId: p.folderPath.length
              ? folderIds.get(p.folderPath.join(folderPathSeparator))
              : null,
            ...(p.createdAt ? { createdAt: p.createdAt, updatedAt: p.createdAt } : {}),
          })),
        )
        .returning({ id: prompts.id });
      const links = batch.flatMap((p, i) =>
        p.tags.map((tag) => ({
          promptId: inserted[i]?.id ?? "",
          tagId: tagIds.get(tag.toLowerCase()) ?? "",
        })),
      );
      if (links.length) await tx.insert(promptTags).values(links).onConflictDoNothing();
      const stars = batch.flatMap((p, i) =>
        p.favourite && inserted[i] ? [{ userId: viewer.userId, promptId: inserted[i].id }] : [],
      );
      if (stars.length) await tx.insert(favourites).values(stars).onConflictDoNothing();
    }
    const starred = parsed.starredIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (starred.length) {
      const visible = await tx
        .select({ id: prompts.id })
        .from(prompts)
        .where(and(inArray(prompts.id, starred), sql`${prompts.isShared}`));
      if (visible.length) {
        await tx
          .insert(favourites)
          .values(visible.map((row) => ({ userId: viewer.userId, promptId: row.id })))
          .onConflictDoNothing();
      }
    }
  });
  return report;
}

function ownFolderRows(db: Database, viewer: Viewer) {
  return db
    .select({ id: folders.id, name: folders.name, parentId: folders.parentId })
    .from(folders)
    .where(eq(folders.userId, viewer.userId));
}

function countNewFolders(wanted: Set<string>, existing: Map<string, string>) {
  const all = new Set<string>();
  for (const path of wanted) {
    const parts = path.split(folderPathSeparator);
    for (let depth = 1; depth <= parts.length; depth++)
      all.add(parts.slice(0, depth).join(folderPathSeparator));
  }
  return [...all].filter((path) => !existing.has(path)).length;
}

/** Finds or creates every folder path the import uses; returns path → id. */
async function ensureFolders(
  db: Database,
  viewer: Viewer,
  fresh: ImportedPrompt[],
  existing: Map<string, string>,
) {
  const ids = new Map(existing);
  for (const prompt of fresh) {
    let parentId: string | null = null;
    for (let depth = 1; depth <= prompt.folderPath.length; depth++) {
      const path = prompt.folderPath.slice(0, depth).join(folderPathSeparator);
      let id: string | undefined = ids.get(path);
      if (!id) {
        const created: { id: string }[] = await db
          .insert(folders)
          .values({ userId: viewer.userId, parentId, name: prompt.folderPath[depth - 1] ?? "" })
          .returning({ id: folders.id });
        id = created[0]?.id ?? "";
        ids.set(path, id);
      }
      parentId = id;
    }
  }
  return ids;
}

/** Finds or creates every tag the import uses (case-insensitively); returns lower-case name → id. */
async function ensureTags(db: Database, viewer: Viewer, fresh: ImportedPrompt[]) {
  const names = new Map<string, string>();
  for (const prompt of fresh)
    for (const tag of prompt.tags)
      if (!names.has(tag.toLowerCase())) names.set(tag.toLowerCase(), tag);
  if (names.size === 0) return new Map<string, string>();
  await db
    .insert(tags)
    .values([...names.values()].map((name) => ({ userId: viewer.userId, name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(eq(tags.userId, viewer.userId), inArray(sql`lower(${tags.name})`, [...names.keys()])),
    );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}
