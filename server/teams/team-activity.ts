import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { promptActions, type TeamAction, type TeamActivityEntry } from "../../shared/teams.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { teamActivity, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireTeamRole } from "./team-access.ts";

/** Writes one entry of a team's log, in the transaction of what it records when given one. */
export async function logTeamActivity(
  db: Pick<Database, "insert">,
  entry: {
    teamId: string;
    actorId: string | null;
    action: TeamAction;
    promptId?: string | null;
    subjectUserId?: string | null;
    detail?: Record<string, string | number | null>;
  },
) {
  await db.insert(teamActivity).values({
    teamId: entry.teamId,
    actorId: entry.actorId,
    action: entry.action,
    promptId: entry.promptId ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    detail: entry.detail ?? {},
  });
}

const pageSize = 50;

/**
 * A team's log, newest first (as written), 50 entries a page: owners read all of it, other
 * members what happened to prompts. The cursor is the last entry's id.
 */
export async function listTeamActivity(options: {
  db: Database;
  viewer: Viewer | null;
  teamId: string;
  cursor?: string;
}): Promise<{ items: TeamActivityEntry[]; nextCursor: string | null }> {
  const viewer = requireViewer(options.viewer);
  const { role } = await requireTeamRole(options.db, viewer, options.teamId, "viewer");
  const after = options.cursor ? cursorOf(options.cursor) : null;
  const subjects = alias(users, "subjects");
  const rows = await options.db
    .select({
      id: teamActivity.id,
      action: teamActivity.action,
      at: teamActivity.at,
      actorId: teamActivity.actorId,
      actorName: users.name,
      promptId: teamActivity.promptId,
      subjectUserId: teamActivity.subjectUserId,
      subjectName: subjects.name,
      detail: teamActivity.detail,
    })
    .from(teamActivity)
    .leftJoin(users, eq(users.id, teamActivity.actorId))
    .leftJoin(subjects, eq(subjects.id, teamActivity.subjectUserId))
    .where(
      and(
        eq(teamActivity.teamId, options.teamId),
        role === "owner" ? undefined : inArray(teamActivity.action, [...promptActions]),
        after === null ? undefined : lt(teamActivity.id, after),
      ),
    )
    .orderBy(desc(teamActivity.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = rows.length > pageSize ? page.at(-1) : undefined;
  return {
    items: page.map((row) => ({
      id: String(row.id),
      action: row.action as TeamAction,
      at: row.at.toISOString(),
      actor: row.actorId ? { id: row.actorId, name: row.actorName } : null,
      promptId: row.promptId,
      subjectUserId: row.subjectUserId,
      subject: row.subjectUserId ? { id: row.subjectUserId, name: row.subjectName } : null,
      detail: row.detail,
    })),
    nextCursor: last ? String(last.id) : null,
  };
}

function cursorOf(cursor: string) {
  if (!/^[1-9][0-9]{0,15}$/.test(cursor)) {
    throw new AppError("invalid_input", "That cursor is not one this list gave", "cursor_unknown");
  }
  return Number(cursor);
}

/** Entries older than a year go; housekeeping calls it. */
export async function forgetOldTeamActivity(db: Database) {
  await db.delete(teamActivity).where(lt(teamActivity.at, sql`now() - interval '1 year'`));
}
