import { and, eq, getTableName, type SQL, type SQLWrapper, sql, type Table } from "drizzle-orm";
import { roleAtLeast, type TeamRole } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { importRuns, prompts, teamMembers } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../uuid.ts";

/**
 * Who may do what with prompts, in one place:
 * - everyone signed in sees their own prompts, their teams' prompts and every shared prompt;
 *   administrators see every prompt but a team's (unless it is shared);
 * - owners change and delete their own prompts; a team's editors and owners its prompts, whoever
 *   wrote them; administrators any prompt outside a team;
 * - owners file and tag their own prompts; anyone stars, copies or saves what they can see.
 * - a prompt an import is still writing is nobody's, not even its owner's, until the import lands;
 * Another person's personal prompt, and a team's prompt to anyone outside the team, is "not
 * found", never "forbidden", so its existence never leaks. A team prompt's writer who leaves the
 * team loses it like any other former member: membership is read at every statement.
 *
 * Every statement that reads prompts says which rows it may read with one of the conditions
 * below, on each prompts table it names (the table itself or an alias, `alias(prompts, "p")`):
 * readableBy (what a viewer may see), sharedNow (what anyone may see), ownedBy (a viewer's own
 * rows: their library, their organising, their edits), or, where a statement reads rows another
 * condition has already chosen, checkedElsewhere with its reason. Each writes a mark in the SQL
 * (a comment naming the rule and the table), and the test suite fails on any statement an app
 * request sends that names a prompts table without a mark for it
 * (tests/support/unguarded-reads.ts). A new kind of reader, a team's members say, is one more
 * branch of readableBy, and every list, page, search and export follows.
 */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("unauthenticated", "Please sign in");
  return viewer;
}

/** The prompts table, or an alias of it: the rule is applied to the rows of whichever is named. */
export type PromptsTable = Table &
  Record<"isShared" | "userId" | "importRunId" | "teamId", SQLWrapper>;

/** Who is asking: someone signed in, or nobody (a public page, anyone at all). */
type Reader = Pick<Viewer, "userId" | "isAdmin"> | null;

/**
 * The prompts the reader may see: a signed-in person their own, their teams' and every shared
 * prompt, an administrator every prompt but a team's they are not in, nobody the shared prompts
 * (sharedNow); none that an import is still writing.
 */
export function readableBy(reader: Reader, table: PromptsTable = prompts): SQL {
  if (!reader) return sharedNow(table);
  const teams = sql`${table.teamId} in ${teamsOf(reader.userId)}`;
  const rows = reader.isAdmin
    ? sql`((${table.teamId} is null or ${table.isShared} or ${teams}) and ${landed(table.importRunId)})`
    : sql`((${table.isShared} or (${table.teamId} is null and ${table.userId} = ${reader.userId}) or ${teams}) and ${landed(table.importRunId)})`;
  return marked("readable", table, rows);
}

/** The teams a person is in, as a subquery. */
function teamsOf(userId: string) {
  return sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;
}

/**
 * One team's library, for a member: nothing at all for anyone else (administrators too), so a
 * list of a team one is not in is empty, never an error that tells the team exists.
 */
export function inTeam(
  reader: Pick<Viewer, "userId">,
  teamId: string,
  table: PromptsTable = prompts,
): SQL {
  return marked(
    "team",
    table,
    sql`(${table.teamId} = ${teamId} and ${teamId} in ${teamsOf(reader.userId)} and ${landed(table.importRunId)})`,
  );
}

/** The prompts of every team the reader is in: the team branch of readableBy alone. */
export function inTeams(reader: Pick<Viewer, "userId">, table: PromptsTable = prompts): SQL {
  return marked(
    "teams",
    table,
    sql`(${table.teamId} in ${teamsOf(reader.userId)} and ${landed(table.importRunId)})`,
  );
}

/** The same rule under its older name (the workbench reads prompts with it). */
export const visibleTo = (viewer: Viewer, table: PromptsTable = prompts) =>
  readableBy(viewer, table);

/** A shared prompt that has landed: what the community, and anyone at all, may be shown. */
export function sharedNow(table: PromptsTable = prompts): SQL {
  return marked("shared", table, sql`(${table.isShared} and ${landed(table.importRunId)})`);
}

/**
 * The viewer's own prompts that have landed, shared or not: their library, what they file and
 * tag, their templates and snippets. Never another person's, an administrator's neither, and
 * never a team's, not even one they wrote: those are the team's.
 */
export function ownedBy(owner: Pick<Viewer, "userId">, table: PromptsTable = prompts): SQL {
  return marked(
    "own",
    table,
    sql`(${table.userId} = ${owner.userId} and ${table.teamId} is null and ${landed(table.importRunId)})`,
  );
}

/**
 * Where a statement reads prompts without the rule because the rows were chosen by it already,
 * or because the read decides access itself; each reason says which. A new reason belongs here,
 * with why it is safe.
 */
const checkedReasons = {
  "chosen-by-the-rule":
    "rows by id, the ids chosen by the rule in the same statement or in the one before",
  "same-row": "a row read again through its own physical address (a list's excerpt)",
  "ownership-probe": "one prompt's owner and visibility, read to decide access in code",
  "own-rows-before-writing":
    "the viewer's own rows, landed or not, that a write must take into account before writing",
} as const;

export type CheckedReason = keyof typeof checkedReasons;

/** A read of prompts the rule does not narrow, with the reason it needs none (checkedReasons). */
export function checkedElsewhere(reason: CheckedReason, table: PromptsTable = prompts): SQL {
  return marked(`checked:${reason}`, table, sql`true`);
}

/**
 * The condition with a mark naming the rule and the table (its alias) it was applied to: a
 * comment, which PostgreSQL ignores, so plans are those of the condition alone.
 */
function marked(rule: string, table: PromptsTable, condition: SQL): SQL {
  return sql`(${sql.raw(`/* access:${rule} ${getTableName(table)} */`)} ${condition})`;
}

/** How a mark reads, for the test that looks for it: the rule, then the table's name or alias. */
export const accessMark = /\/\* access:([a-z:-]+) ([a-z_0-9]+) \*\//g;

/**
 * Whether a row (a prompt by default) is past its import. An import writes in short transactions
 * and its rows carry its run's id; while the run is in import_runs they are nobody's, their
 * owner's neither. They land together when the transaction that ends the run deletes it, or go
 * before it when the import is refused (server/library-data/import-runs.ts). The database's
 * prompt_landed() is the same test, for what it announces (drizzle/0020); here it is written out,
 * so PostgreSQL reads the few runs once per statement, not once per row.
 */
export function landed(importRunId: SQLWrapper = prompts.importRunId): SQL {
  return sql`(${importRunId} is null or ${importRunId} not in (select ${importRuns.id} from ${importRuns}))`;
}

/**
 * What the checks below decide from: a prompt's owner, visibility and team, and the viewer's role
 * in that team (null: not a member, or no team). Read with standingColumns.
 */
export interface PromptStanding {
  userId: string | null;
  isShared: boolean;
  teamId: string | null;
  teamRole: TeamRole | null;
}

/**
 * The columns of a PromptStanding, for any select that feeds the checks below. The role is read
 * with every column named with its table: Drizzle leaves a column's table out in a select from
 * one table, and there `team_id = team_id` compared team_members with itself (the person's role
 * in any team of theirs; two teams, an error).
 */
export function standingColumns(viewer: Pick<Viewer, "userId">, table: PromptsTable = prompts) {
  const member = (column: { name: string }) =>
    sql`${sql.identifier(getTableName(teamMembers))}.${sql.identifier(column.name)}`;
  const promptTeam = sql`${sql.identifier(getTableName(table))}.${sql.identifier(prompts.teamId.name)}`;
  return {
    userId: sql<string | null>`${table.userId}`,
    isShared: sql<boolean>`${table.isShared}`,
    teamId: sql<string | null>`${table.teamId}`,
    teamRole: sql<TeamRole | null>`(select ${member(teamMembers.role)} from ${teamMembers}
      where ${member(teamMembers.teamId)} = ${promptTeam} and ${member(teamMembers.userId)} = ${viewer.userId})`,
  };
}

/** Whether the viewer may see the prompt: the rule of readableBy, for one row already read. */
function canRead(prompt: PromptStanding, viewer: Viewer) {
  if (prompt.isShared) return true;
  if (prompt.teamId !== null) return prompt.teamRole !== null;
  return prompt.userId === viewer.userId || viewer.isAdmin;
}

export function assertCanChange(prompt: PromptStanding | undefined, viewer: Viewer) {
  if (!prompt || !canRead(prompt, viewer)) {
    throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  }
  if (prompt.teamId !== null) {
    if (roleAtLeast(prompt.teamRole, "editor")) return;
    throw new AppError(
      "forbidden",
      "Only the team's editors can change its prompts",
      prompt.teamRole ? "team_role" : "prompt_not_own",
    );
  }
  if (prompt.userId !== viewer.userId && !viewer.isAdmin) {
    throw new AppError("forbidden", "You can only change your own prompts", "prompt_not_own");
  }
}

/**
 * Suggesting a change, and reading one's suggestions: any member of the prompt's team, viewers
 * too. A prompt you cannot see is not found; one you see outside a team takes no suggestions
 * (its owner edits it); a team's shared prompt is suggested to by its members alone.
 */
export function assertCanSuggest<T extends PromptStanding>(
  prompt: T | undefined,
  viewer: Viewer,
): asserts prompt is T & { teamId: string } {
  if (!prompt || !canRead(prompt, viewer)) {
    throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  }
  if (prompt.teamId === null) {
    throw new AppError(
      "forbidden",
      "Only a team's prompts take suggested changes",
      "suggestions_team_only",
    );
  }
  if (prompt.teamRole === null) {
    throw new AppError("forbidden", "Only the team's members can suggest changes", "team_role");
  }
}

/**
 * Filing and tagging: only on your own prompts (folders and tags are private, so not even an
 * administrator files another person's prompt). A prompt you cannot see is not found; a team's
 * prompt is the team's, in no one's own folders.
 */
export function assertOwn(prompt: PromptStanding | undefined, viewer: Viewer) {
  if (prompt && prompt.teamId === null && prompt.userId === viewer.userId) return;
  if (!prompt || !canRead(prompt, viewer)) {
    throw new AppError("not_found", "Prompt not found", "prompt_not_found");
  }
  throw new AppError("forbidden", "You can only organise your own prompts", "prompt_not_own");
}

/**
 * The prompt's owner, visibility, team and the viewer's role in it, for the checks above. A
 * prompt an import is still writing is not there yet.
 */
export async function promptOwnership(db: Database, id: string, viewer: Pick<Viewer, "userId">) {
  assertPromptId(id);
  const [row] = await db
    .select(standingColumns(viewer))
    .from(prompts)
    .where(and(eq(prompts.id, id), landed(), checkedElsewhere("ownership-probe")));
  return row;
}

/** An id that is not a UUID names no prompt. */
export function assertPromptId(id: string) {
  if (!isUuid(id)) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
}
