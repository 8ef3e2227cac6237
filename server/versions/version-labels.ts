import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { PromptLabel } from "../../shared/labels.ts";
import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { profiles, promptLabels, prompts, promptVersions, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { getPrompt } from "../prompts/get-prompt.ts";
import { assertCanChange, readableBy, requireViewer } from "../prompts/prompt-access.ts";
import { creatorName } from "../prompts/prompt-view.ts";
import { logTeamActivity } from "../teams/team-activity.ts";
import { versionOf, visiblePrompt } from "./history.ts";

/**
 * A prompt's labels: production, staging or any other name, each pointing at one of its versions.
 * Whoever may edit the prompt sets, moves and removes them (its owner; a team's editors and
 * owners); whoever may read it reads them, and reads the prompt by one. The database keeps each
 * label on a version that is there (purging the version or merging it away takes the label) and
 * at most labels_per_prompt of them (drizzle/0028). A team's log records each change.
 */
export async function setLabel(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  label: string;
  version: number;
}): Promise<PromptLabel> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanChange(prompt, viewer);
  // Named refusals for a version that is not there or was purged; the database checks again, with
  // the prompt locked, as the label is written (PS017).
  const version = await versionOf(options.db, prompt, options.version);
  if (version.purged) {
    throw new AppError(
      "conflict",
      "This version was purged: nothing is left to label",
      "version_purged",
    );
  }
  await options.db.transaction(async (tx) => {
    const [moved] = await tx
      .insert(promptLabels)
      .values({
        promptId: prompt.id,
        label: options.label,
        version: options.version,
        movedBy: viewer.userId,
      })
      .onConflictDoUpdate({
        target: [promptLabels.promptId, promptLabels.label],
        set: { version: options.version, movedAt: sql`now()`, movedBy: viewer.userId },
        setWhere: ne(promptLabels.version, options.version),
      })
      .returning({ label: promptLabels.label });
    // A label already where it was asked to be is left as it was, and nothing is logged.
    if (moved && prompt.teamId) {
      await logTeamActivity(tx, {
        teamId: prompt.teamId,
        actorId: viewer.userId,
        action: "prompt_labelled",
        promptId: prompt.id,
        detail: { title: prompt.title, label: options.label, version: options.version },
      });
    }
  });
  const [label] = await labelsOf(options.db, prompt.id, options.label);
  // Removed again between the write and this read: as if it was never set.
  if (!label) throw labelNotFound();
  return label;
}

/** Takes a label off a prompt; a label it does not carry is not found. */
export async function removeLabel(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  label: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanChange(prompt, viewer);
  await options.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(promptLabels)
      .where(and(eq(promptLabels.promptId, prompt.id), eq(promptLabels.label, options.label)))
      .returning({ version: promptLabels.version });
    if (!removed) throw labelNotFound();
    if (prompt.teamId) {
      await logTeamActivity(tx, {
        teamId: prompt.teamId,
        actorId: viewer.userId,
        action: "prompt_unlabelled",
        promptId: prompt.id,
        detail: { title: prompt.title, label: options.label, version: removed.version },
      });
    }
  });
}

/** A prompt's labels, by name, for whoever may read it. */
export async function listLabels(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<{ items: PromptLabel[] }> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  return { items: await labelsOf(options.db, prompt.id) };
}

/**
 * The prompt as the version a label points at, for whoever may read it: its text, title, use
 * case and version number are that version's, the rest (description, counts, tags) the prompt's.
 * The label and the version are read in one statement, with the rule, so a label moved or an
 * edit made meanwhile is read whole, before or after.
 */
export async function getPromptAtLabel(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  label: string;
}): Promise<Prompt> {
  const viewer = requireViewer(options.viewer);
  const prompt = await getPrompt({ db: options.db, viewer, id: options.id });
  const [row] = await options.db
    .select({
      version: promptLabels.version,
      current: prompts.version,
      title: prompts.title,
      category: prompts.category,
      promptText: prompts.promptText,
      keptTitle: promptVersions.title,
      keptCategory: promptVersions.category,
      keptText: promptVersions.promptText,
    })
    .from(promptLabels)
    .innerJoin(prompts, and(eq(prompts.id, promptLabels.promptId), readableBy(viewer)))
    .leftJoin(
      promptVersions,
      and(
        eq(promptVersions.promptId, promptLabels.promptId),
        eq(promptVersions.number, promptLabels.version),
        isNull(promptVersions.purgedAt),
      ),
    )
    .where(and(eq(promptLabels.promptId, prompt.id), eq(promptLabels.label, options.label)));
  if (!row) throw labelNotFound();
  if (row.version === row.current) {
    const { title, category, promptText } = row;
    return { ...prompt, title, category, promptText, version: row.version };
  }
  if (row.keptText === null) throw labelNotFound();
  return {
    ...prompt,
    title: row.keptTitle ?? prompt.title,
    category: row.keptCategory,
    promptText: row.keptText,
    version: row.version,
  };
}

/** A prompt's labels (or the one named), each with who moved it there, by name. */
async function labelsOf(db: Database, promptId: string, label?: string): Promise<PromptLabel[]> {
  const rows = await db
    .select({
      label: promptLabels.label,
      version: promptLabels.version,
      movedAt: promptLabels.movedAt,
      movedBy: promptLabels.movedBy,
      ownerName: users.name,
      ownerEmail: users.email,
      ownerUsername: profiles.username,
    })
    .from(promptLabels)
    .leftJoin(users, eq(users.id, promptLabels.movedBy))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(promptLabels.promptId, promptId),
        label === undefined ? undefined : eq(promptLabels.label, label),
      ),
    )
    .orderBy(asc(promptLabels.label));
  return rows.map((row) => ({
    label: row.label,
    version: row.version,
    movedAt: row.movedAt.toISOString(),
    movedBy: row.movedBy ? { id: row.movedBy, name: creatorName(row) } : null,
  }));
}

const labelNotFound = () =>
  new AppError("not_found", "This prompt has no such label", "label_not_found");
