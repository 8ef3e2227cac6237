import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AcceptedSuggestion, Suggestion, SuggestionStatus } from "../../shared/suggestions.ts";
import { roleAtLeast } from "../../shared/teams.ts";
import { versionNoteMaxLength } from "../../shared/versions.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptSuggestions, prompts, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertShareable } from "../prompts/privacy-check.ts";
import {
  assertCanChange,
  assertCanSuggest,
  checkedElsewhere,
  requireViewer,
} from "../prompts/prompt-access.ts";
import { creatorName } from "../prompts/prompt-view.ts";
import { writeVersion } from "../prompts/update-prompt.ts";
import { isUuid } from "../uuid.ts";
import { visiblePrompt } from "../versions/history.ts";
import { logTeamActivity } from "./team-activity.ts";

/**
 * Suggested changes to a team's prompts: any member (a viewer too) suggests a new text with a
 * note; the team's editors and owners see every pending one and accept it (the text becomes a new
 * version, credited to the member who suggested it: the version's author) or decline it. A viewer
 * sees their own. Only team prompts take suggestions (prompt-access.ts, assertCanSuggest). At most
 * pending_suggestions_per_prompt wait on a prompt (drizzle/0028). The team's log records each
 * suggestion made, accepted or declined.
 */
export async function suggestChange(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  promptText: string;
  note: string | null;
}): Promise<Suggestion> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanSuggest(prompt, viewer);
  const { teamId } = prompt;
  const id = await options.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(promptSuggestions)
      .values({
        promptId: prompt.id,
        authorId: viewer.userId,
        promptText: options.promptText,
        note: options.note,
        baseVersion: prompt.number,
      })
      .returning({ id: promptSuggestions.id });
    if (!made) throw new Error("the suggestion was not written");
    await logTeamActivity(tx, {
      teamId,
      actorId: viewer.userId,
      action: "suggestion_made",
      promptId: prompt.id,
      detail: { title: prompt.title, suggestionId: made.id },
    });
    return made.id;
  });
  return oneSuggestion(options.db, prompt.id, id);
}

/** The most suggestions one list gives: every pending one (at most 50), and the newest others. */
const listed = 100;

/**
 * A prompt's suggestions for a member of its team: to its editors and owners every pending one,
 * to anyone their own, whatever became of them; pending first, then newest first.
 */
export async function listSuggestions(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<{ items: Suggestion[] }> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanSuggest(prompt, viewer);
  const own = eq(promptSuggestions.authorId, viewer.userId);
  const rows = await selectSuggestions(options.db)
    .where(
      and(
        eq(promptSuggestions.promptId, prompt.id),
        roleAtLeast(prompt.teamRole, "editor")
          ? or(own, eq(promptSuggestions.status, "pending"))
          : own,
      ),
    )
    .orderBy(
      desc(sql`${promptSuggestions.status} = 'pending'`),
      desc(promptSuggestions.createdAt),
      desc(promptSuggestions.id),
    )
    .limit(listed);
  return { items: rows.map(toSuggestion) };
}

/**
 * Accepts a pending suggestion: its text becomes the prompt's next version, written by its author
 * (or by whoever accepts it, once the author's account is gone), with its note as the version's.
 * Whoever may edit the prompt accepts. The suggestion is taken in one conditional update, so two
 * accepting it at once make one version: the second finds it decided (`suggestion_decided`).
 * Text suggested before a later edit still replaces it; the answer says so (promptChangedSince).
 * A shared prompt's new text is public at once, so it passes the privacy check first.
 */
export async function acceptSuggestion(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  suggestionId: string;
  confirm?: boolean;
}): Promise<AcceptedSuggestion> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanChange(prompt, viewer);
  const pending = await pendingSuggestion(options.db, prompt.id, options.suggestionId);
  const note = versionNoteOf(pending.note);
  if (prompt.isShared) assertShareable([{ promptText: pending.promptText, note }], options.confirm);
  const changedSince = await options.db.transaction(async (tx) => {
    const taken = await decide(tx, viewer, prompt.id, options.suggestionId, "accepted");
    const before = await versionNow(tx, prompt.id);
    await writeVersion(tx, viewer, prompt.id, {
      content: { promptText: taken.promptText },
      note,
      restoredFrom: null,
      authorId: taken.authorId ?? viewer.userId,
      sharedWhenChecked: prompt.isShared,
    });
    const after = await versionNow(tx, prompt.id);
    await tx
      .update(promptSuggestions)
      .set({ acceptedVersion: after })
      .where(eq(promptSuggestions.id, taken.id));
    if (prompt.teamId) {
      await logTeamActivity(tx, {
        teamId: prompt.teamId,
        actorId: viewer.userId,
        action: "suggestion_accepted",
        promptId: prompt.id,
        subjectUserId: taken.authorId,
        detail: { title: prompt.title, version: after, suggestionId: taken.id },
      });
    }
    return before !== taken.baseVersion;
  });
  const accepted = await oneSuggestion(options.db, prompt.id, options.suggestionId);
  return { ...accepted, promptChangedSince: changedSince };
}

/** Declines a pending suggestion; whoever may edit the prompt declines. */
export async function declineSuggestion(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  suggestionId: string;
}): Promise<Suggestion> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanChange(prompt, viewer);
  await pendingSuggestion(options.db, prompt.id, options.suggestionId);
  await options.db.transaction(async (tx) => {
    const taken = await decide(tx, viewer, prompt.id, options.suggestionId, "declined");
    if (prompt.teamId) {
      await logTeamActivity(tx, {
        teamId: prompt.teamId,
        actorId: viewer.userId,
        action: "suggestion_declined",
        promptId: prompt.id,
        subjectUserId: taken.authorId,
        detail: { title: prompt.title, suggestionId: taken.id },
      });
    }
  });
  return oneSuggestion(options.db, prompt.id, options.suggestionId);
}

/**
 * Marks a pending suggestion decided, in one statement that finds it still pending: of two
 * deciding it at once, the second waits on the row, then finds it decided and is refused.
 */
async function decide(
  db: Database,
  viewer: Viewer,
  promptId: string,
  suggestionId: string,
  status: Exclude<SuggestionStatus, "pending">,
) {
  const [taken] = await db
    .update(promptSuggestions)
    .set({ status, decidedBy: viewer.userId, decidedAt: sql`now()` })
    .where(
      and(
        eq(promptSuggestions.id, suggestionId),
        eq(promptSuggestions.promptId, promptId),
        eq(promptSuggestions.status, "pending"),
      ),
    )
    .returning();
  if (!taken) throw suggestionDecided();
  return taken;
}

/** The suggestion, while it is pending: else not found, or decided already. */
async function pendingSuggestion(db: Database, promptId: string, suggestionId: string) {
  if (!isUuid(suggestionId)) throw suggestionNotFound();
  const [row] = await db
    .select()
    .from(promptSuggestions)
    .where(and(eq(promptSuggestions.id, suggestionId), eq(promptSuggestions.promptId, promptId)));
  if (!row) throw suggestionNotFound();
  if (row.status !== "pending") throw suggestionDecided();
  return row;
}

/** The prompt's version number now, in the transaction that is writing it. */
async function versionNow(db: Database, promptId: string) {
  const [row] = await db
    .select({ version: prompts.version })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), checkedElsewhere("chosen-by-the-rule")));
  if (!row) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  return row.version;
}

/** A suggestion's note as the version's (at most 200 characters), or none. */
function versionNoteOf(note: string | null) {
  if (!note) return null;
  const characters = Array.from(note);
  return characters.length <= versionNoteMaxLength
    ? note
    : `${characters.slice(0, versionNoteMaxLength - 1).join("")}…`;
}

const decider = alias(users, "decider");

function selectSuggestions(db: Database) {
  return db
    .select({
      suggestion: promptSuggestions,
      authorName: users.name,
      authorEmail: users.email,
      deciderName: decider.name,
      deciderEmail: decider.email,
    })
    .from(promptSuggestions)
    .leftJoin(users, eq(users.id, promptSuggestions.authorId))
    .leftJoin(decider, eq(decider.id, promptSuggestions.decidedBy))
    .$dynamic();
}

async function oneSuggestion(db: Database, promptId: string, id: string) {
  const [row] = await selectSuggestions(db).where(
    and(eq(promptSuggestions.id, id), eq(promptSuggestions.promptId, promptId)),
  );
  if (!row) throw suggestionNotFound();
  return toSuggestion(row);
}

function toSuggestion(row: {
  suggestion: typeof promptSuggestions.$inferSelect;
  authorName: string | null;
  authorEmail: string | null;
  deciderName: string | null;
  deciderEmail: string | null;
}): Suggestion {
  const { suggestion } = row;
  const named = (id: string | null, name: string | null, email: string | null) =>
    id
      ? { id, name: creatorName({ ownerName: name, ownerEmail: email, ownerUsername: null }) }
      : null;
  return {
    id: suggestion.id,
    promptId: suggestion.promptId,
    promptText: suggestion.promptText,
    note: suggestion.note,
    author: named(suggestion.authorId, row.authorName, row.authorEmail),
    status: suggestion.status as SuggestionStatus,
    createdAt: suggestion.createdAt.toISOString(),
    baseVersion: suggestion.baseVersion,
    decidedBy: named(suggestion.decidedBy, row.deciderName, row.deciderEmail),
    decidedAt: suggestion.decidedAt?.toISOString() ?? null,
    acceptedVersion: suggestion.acceptedVersion,
  };
}

const suggestionNotFound = () =>
  new AppError("not_found", "No such suggestion on this prompt", "suggestion_not_found");

const suggestionDecided = () =>
  new AppError(
    "conflict",
    "This suggestion was accepted or declined already",
    "suggestion_decided",
  );
