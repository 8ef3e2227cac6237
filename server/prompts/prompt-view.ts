import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { profilePath } from "../../shared/profile.ts";
import type { Prompt, UpstreamState } from "../../shared/prompt.ts";
import { nameFromEmail } from "../../shared/session-user.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import {
  favourites,
  profiles,
  prompts,
  promptTags,
  promptVersions,
  tags,
  users,
} from "../db/schema.ts";
import { checkedElsewhere, ownedBy, readableBy, sharedNow } from "./prompt-access.ts";

/**
 * How much of a prompt's text a list carries: enough for a card's preview (150 characters), the
 * admin list's (100) and a public card's excerpt (300). A prompt may hold 200,000 characters, so
 * a page of 24 whole texts could weigh 5 MB; the whole text is read one prompt at a time.
 */
const excerptLength = 300;

/** The viewer's saved copies, probed for a card's "In your library". */
const savedCopy = alias(prompts, "saved_copy");

/** A saved copy's original, probed for "original updated". */
const original = alias(prompts, "original");
/** The original's version a saved copy took. */
const took = alias(promptVersions, "took");

/** The row again, as the excerpt's own lookup reads it. */
const excerptSource = alias(prompts, "excerpt_source");

/**
 * The start of the text and one character more, which tells whether the rest exists: the rest of
 * a long text is never read. It is a lookup of the same row (by its physical address, the
 * cheapest way back to it) because PostgreSQL runs such a lookup only for the rows on the page,
 * after any sort, where it worked out a plain left() for every row the sort went through (12
 * times slower on 100,000 prompts of 3,000 characters sorted by another column).
 */
const textStart = sql<string>`(select left(${excerptSource.promptText}, ${excerptLength + 1}) from ${prompts} as ${excerptSource} where ${excerptSource}.ctid = ${prompts}.ctid and ${checkedElsewhere("same-row", excerptSource)})`;

/** The excerpt and whether more follows, counting characters (code points) as PostgreSQL does. */
function excerptOf(start: string) {
  const characters = Array.from(start);
  return characters.length > excerptLength
    ? { promptText: characters.slice(0, excerptLength).join(""), truncated: true }
    : { promptText: start, truncated: false };
}

/** What public pages name an owner by, besides their name (publicCreator): their profile. */
export const profileColumns = {
  profileHandle: profiles.handle,
  profileName: profiles.displayName,
  profileIsPublic: profiles.isPublic,
};

/** How many people starred the prompt: the count cards show, and part of a page's stamp. */
const starCount = () =>
  sql<number>`(select count(*) from ${favourites} where ${favourites.promptId} = ${prompts.id})`;

/**
 * What a public page shows of one prompt, as one value: its content (updated_at and version move
 * with every change of it), its counts, and what names its creator. A page stored with the stamps
 * of the prompts it shows is served again only while they still read the same
 * (server/cache/stored-pages.ts). The owner's email is in it because a creator with no name is
 * named from it, so a stamp never leaves the server. Needs the owner joined as selectPrompts does.
 */
export const pageStamp = sql<string>`md5(row(extract(epoch from ${prompts.updatedAt}), ${prompts.version}, ${prompts.title}, ${prompts.description}, ${prompts.category}, ${prompts.copyCount}, ${prompts.saveCount}, ${prompts.userId}, ${starCount()}, ${users.name}, ${users.email}, ${profiles.username}, ${profiles.handle}, ${profiles.displayName}, ${profiles.isPublic})::text)`;

/**
 * The stamps the shared prompts `ids` have now, in the order given; a prompt deleted or made
 * private since has none, so the array comes out shorter. `locking` takes a share lock on each
 * prompt read: a change to one under way is waited for and its outcome read (a deleted prompt
 * is then missing, a changed one stamped anew), and one that starts meanwhile waits for the
 * statement to commit. A write that depends on the stamps (storing a page) cannot then land
 * after the change's trigger has forgotten the pages showing it.
 */
export function pageStampsNow(ids: AnyColumn | SQL, options: { locking?: boolean } = {}) {
  const lock = options.locking ? sql` for share of ${prompts}` : sql``;
  return sql<string[]>`array(select ${pageStamp} from unnest(${ids}) with ordinality as shown(id, n)
    join ${prompts} on ${prompts.id} = shown.id and ${sharedNow()}
    left join ${users} on ${users.id} = ${prompts.userId}
    left join ${profiles} on ${profiles.id} = ${prompts.userId}
    order by shown.n${lock})`;
}

/**
 * The columns a prompt's presentation needs: its owner's name for the creator line, the star
 * count, and what only the viewer may know (their star, and, on their own prompts, tags).
 */
function promptColumns(viewer: Viewer | null) {
  const viewerId = viewer?.userId ?? null;
  return {
    id: prompts.id,
    title: prompts.title,
    description: prompts.description,
    category: prompts.category,
    isShared: prompts.isShared,
    createdAt: prompts.createdAt,
    updatedAt: prompts.updatedAt,
    userId: prompts.userId,
    teamId: prompts.teamId,
    /**
     * The prompt's team as its JSON names it: to the team's members alone. To anyone else a team
     * prompt shared with the community names no team, so its id cannot group a team's prompts.
     */
    shownTeamId: viewerId
      ? sql<
          string | null
        >`case when ${prompts.teamId} is not null and exists (select 1 from team_members m where m.team_id = ${prompts.teamId} and m.user_id = ${viewerId}) then ${prompts.teamId} end`
      : sql<string | null>`null`,
    createdByAdmin: prompts.createdByAdmin,
    folderId: prompts.folderId,
    pinnedAt: prompts.pinnedAt,
    position: prompts.position,
    copyCount: prompts.copyCount,
    sourcePromptId: prompts.sourcePromptId,
    sourceVersion: prompts.sourceVersion,
    version: prompts.version,
    saveCount: prompts.saveCount,
    /**
     * For the viewer's own saved copy, while the viewer can still see the original: whether the
     * original now reads otherwise than the version the copy took (its title, use case or text;
     * a restore back to that version reads the same). One primary-key probe of each per copy
     * shown; null when the original is gone from the viewer's sight.
     */
    originalChanged: viewer
      ? sql<
          boolean | null
        >`case when ${prompts.userId} = ${viewer.userId} and ${prompts.sourcePromptId} is not null then (select ${original.version} > ${prompts.sourceVersion} and (${took.promptText} is distinct from ${original.promptText} or ${took.title} is distinct from ${original.title} or ${took.category} is distinct from ${original.category} or ${took.purgedAt} is not null) from ${prompts} as ${original} left join ${promptVersions} as ${took} on ${took.promptId} = ${original.id} and ${took.number} = ${prompts.sourceVersion} where ${original.id} = ${prompts.sourcePromptId} and ${readableBy(viewer, original)}) end`
      : sql<boolean | null>`null`,
    ownerName: users.name,
    ownerEmail: users.email,
    ownerUsername: profiles.username,
    starCount: starCount().mapWith(Number),
    /** When the viewer starred it, or null. */
    starredAt: viewerId
      ? sql<Date | null>`(select ${favourites.createdAt} from ${favourites} where ${favourites.promptId} = ${prompts.id} and ${favourites.userId} = ${viewerId})`
      : sql<Date | null>`null`,
    /**
     * Whether the viewer keeps a copy of someone else's prompt: one probe of
     * prompts_owner_source_idx per row shown. Never asked of the viewer's own prompts, which
     * offer no Save. Saying `source_prompt_id is not null` lets that index (partial on it) answer
     * even where PostgreSQL hashes the probe for a long list: otherwise it read every row of the
     * viewer's, team prompts they wrote included (28,850 for someone in 50 teams: 16.5 against
     * 5.2 ms for a team's first page; bench/results/teams.md).
     */
    savedByViewer: viewerId
      ? sql<boolean>`case when ${prompts.userId} = ${viewerId} then false else exists (select 1 from ${prompts} as ${savedCopy} where ${savedCopy.sourcePromptId} = ${prompts.id} and ${savedCopy.sourcePromptId} is not null and ${ownedBy({ userId: viewerId }, savedCopy)}) end`
      : sql<boolean>`false`,
    /** The title as PostgreSQL lower-cases it, which is what title order and its cursor use. */
    titleKey: sql<string>`lower(${prompts.title})`,
    tags: viewerId
      ? sql<
          string[]
        >`case when ${prompts.userId} = ${viewerId} then coalesce((select array_agg(${tags.name} order by lower(${tags.name})) from ${promptTags} join ${tags} on ${tags.id} = ${promptTags.tagId} where ${promptTags.promptId} = ${prompts.id}), '{}') else '{}' end`
      : sql<string[]>`'{}'::text[]`,
  };
}

/**
 * SELECT ... FROM prompts with the owner joined in, shaped for this viewer, for lists: each text
 * is read as an excerpt.
 */
export function selectPrompts<Extra extends SelectedFields>(
  db: Database,
  viewer: Viewer | null,
  extra?: Extra,
) {
  return db
    .select({ ...promptColumns(viewer), textStart, ...(extra as Extra) })
    .from(prompts)
    .leftJoin(users, eq(users.id, prompts.userId))
    .leftJoin(profiles, eq(profiles.id, prompts.userId));
}

/** The same for one prompt on its own, with its whole text. */
export function selectWholePrompts<Extra extends SelectedFields>(
  db: Database,
  viewer: Viewer | null,
  extra?: Extra,
) {
  return db
    .select({ ...promptColumns(viewer), promptText: prompts.promptText, ...(extra as Extra) })
    .from(prompts)
    .leftJoin(users, eq(users.id, prompts.userId))
    .leftJoin(profiles, eq(profiles.id, prompts.userId));
}

type PromptRow = Omit<
  Awaited<ReturnType<typeof selectPrompts<Record<never, never>>>>[number],
  "textStart"
>;

/** A row read for a list carries the start of its text; any other row, the whole text. */
export function toPrompt(
  row: PromptRow & ({ textStart: string } | { promptText: string }),
  viewer: Viewer | null,
): Prompt {
  // A team's prompt is the team's, its writer's no more than any member's.
  const isOwn = viewer !== null && row.userId === viewer.userId && row.teamId === null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ...("textStart" in row
      ? excerptOf(row.textStart)
      : { promptText: row.promptText, truncated: false }),
    category: row.category,
    isShared: row.isShared,
    teamId: row.shownTeamId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creatorName: creatorName(row),
    isAdminCreated: row.createdByAdmin,
    isOwn,
    tags: isOwn ? row.tags : [],
    folderId: isOwn ? row.folderId : null,
    // A team's pins are the team's, shown to its members.
    pinned: (isOwn || row.shownTeamId !== null) && row.pinnedAt !== null,
    isFavourite: row.starredAt !== null,
    isSaved: row.savedByViewer,
    starCount: row.starCount,
    copyCount: row.copyCount,
    savedFromId: row.sourcePromptId,
    version: row.version,
    saveCount: row.saveCount,
    upstream: isOwn ? upstreamState(row) : null,
  };
}

/** How a saved copy stands against its original; null for anything that is not a copy. */
function upstreamState(row: {
  sourceVersion: number | null;
  originalChanged: boolean | null;
}): UpstreamState | null {
  if (row.sourceVersion === null) return null;
  if (row.originalChanged === null) return "removed";
  return row.originalChanged ? "updated" : "current";
}

/**
 * A creator as a public page names them: their profile's display name and link when the profile
 * is public, else the name prompt cards give them. Never their email.
 */
export function publicCreator(owner: {
  ownerName: string | null;
  ownerEmail: string | null;
  ownerUsername: string | null;
  profileHandle: string | null;
  profileName: string | null;
  profileIsPublic: boolean | null;
}) {
  const { profileHandle, profileName } = owner;
  return owner.profileIsPublic && profileHandle && profileName
    ? { displayName: profileName, profilePath: profilePath(profileHandle) }
    : { displayName: creatorName(owner), profilePath: null };
}

/**
 * The spec's creator line: the account's name; else its email's local part split on dots and
 * capitalised ("carol.de.vries@..." is "Carol De Vries"); else the username; else "Community
 * Member" (an owner who left the community their prompts).
 */
export function creatorName(owner: {
  ownerName: string | null;
  ownerEmail: string | null;
  ownerUsername: string | null;
}) {
  return (
    owner.ownerName || nameFromEmail(owner.ownerEmail) || owner.ownerUsername || "Community Member"
  );
}
