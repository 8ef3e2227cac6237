import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { RunUsage, TestCheck } from "../../shared/workbench.ts";

/*
 * The tables, as Drizzle sees them. Behaviour the database adds lives in the migrations, as
 * triggers, and every writer gets it whatever code it runs:
 * - drizzle/0007_cache-invalidation.sql: each change that a kept page or list can show is
 *   announced on `cache_changes` (server/cache/ drops what it kept). A new table gets such a
 *   trigger or an exemption with its reason in server/db/change-triggers.test.ts.
 * - drizzle/0011_live-prompt-changes.sql: changes to shared prompts are announced on
 *   `prompt_changes`, for open community lists (server/live/).
 * - drizzle/0010_library-limits.sql: each person's library limits and usage counts.
 */
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Times in milliseconds, so a list cursor built from a JavaScript Date matches the row exactly.
 */
const millisecondTime = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** A person, keyed on their identity provider's issuer and subject, never on the email alone. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    name: text("name"),
    avatarUrl: text("avatar_url"),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_issuer_subject_key").on(table.issuer, table.subject)],
);

/**
 * A person's profile. `username` is internal (made from the email at sign-up, never shown on a
 * public page). The public profile at /u/<handle> exists only while `is_public` is on and a
 * handle is chosen (shared/profile.ts); changing the handle frees the old one, which then 404s.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull().unique(),
    isPublic: boolean("is_public").notNull().default(false),
    handle: text("handle"),
    displayName: text("display_name"),
    showAvatar: boolean("show_avatar").notNull().default(false),
    /** When what the public profile shows last changed: the sitemap's lastmod. */
    updatedAt: millisecondTime("updated_at"),
  },
  (table) => [
    uniqueIndex("profiles_handle_key").on(sql`lower(${table.handle})`),
    index("profiles_public_idx").on(table.updatedAt).where(sql`${table.isPublic}`),
  ],
);

/** Signed-in browsers. The cookie holds a random token; only its SHA-256 hash is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/**
 * A sign-in between leaving for the identity provider and coming back: the PKCE verifier,
 * state and nonce, found again through a cookie holding a random id (only its hash is stored).
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  idHash: text("id_hash").primaryKey(),
  state: text("state").notNull(),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  returnTo: text("return_to").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * A prompt. Personal (is_shared false) or community (true), fixed at creation. Title and
 * category both come from the optional use case.
 */
export const prompts = pgTable(
  "prompts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** What the prompt is for, in plain text beside the short title; null when none was given. */
    description: text("description"),
    promptText: text("prompt_text").notNull(),
    category: text("category"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    isShared: boolean("is_shared").notNull(),
    createdByAdmin: boolean("created_by_admin").notNull().default(false),
    /** The owner's folder; folders are private, so only the owner ever sees it. */
    folderId: uuid("folder_id").references((): AnyPgColumn => folders.id, { onDelete: "set null" }),
    /** How many times anyone copied the prompt; "most copied" sorts on it. */
    copyCount: integer("copy_count").notNull().default(0),
    /**
     * For a copy saved into someone's library ("Save to my library"): the prompt it was copied
     * from; null for anything else, or once the original is deleted. A person keeps one copy per
     * original (server/prompts/save-to-library.ts).
     */
    sourcePromptId: uuid("source_prompt_id").references((): AnyPgColumn => prompts.id, {
      onDelete: "set null",
    }),
    /**
     * For a saved copy: the original's version it was last brought up to date with. Still set
     * once the original is deleted, which is how a copy knows its original was removed.
     */
    sourceVersion: integer("source_version"),
    /** How many people keep a saved copy of it (drizzle/0014_prompt-versions.sql counts). */
    saveCount: integer("save_count").notNull().default(0),
    /**
     * The current version: its number, who wrote it (null: the owner), the editor's note and
     * the version it restored. Its time is updated_at. Earlier versions are in promptVersions.
     */
    version: integer("version").notNull().default(1),
    versionAuthorId: uuid("version_author_id").references(() => users.id, {
      onDelete: "set null",
    }),
    versionNote: text("version_note"),
    versionRestoredFrom: integer("version_restored_from"),
    /** The import that wrote it, while that import may still be undone (see importRuns). */
    importRunId: uuid("import_run_id"),
    /**
     * The team whose library holds it; null for a person's own. A team's prompts are its
     * members' alone (server/prompts/prompt-access.ts), whoever wrote them (user_id, credited),
     * and go with the team.
     */
    teamId: uuid("team_id").references((): AnyPgColumn => teams.id, { onDelete: "cascade" }),
    /** When the owner pinned it to the top of their library and its folder; null: not pinned. */
    pinnedAt: timestamp("pinned_at", { withTimezone: true, precision: 3 }),
    /**
     * The owner's manual order: a key compared byte by byte (the column is COLLATE "C",
     * drizzle/0024), so a move writes one row with a key between its new neighbours'
     * (server/prompts/order-key.ts). New prompts get a key from the time, newest first.
     */
    position: text("position").notNull().default(sql`order_key_at(clock_timestamp())`),
    createdAt: millisecondTime("created_at"),
    updatedAt: millisecondTime("updated_at"),
  },
  (table) => [
    // The owner's manual order, in the library and in a folder.
    index("prompts_owner_position_idx").on(table.userId, table.position, table.id),
    // A person's pinned prompts, listed apart at the top of their pages: a handful, found
    // without reading the whole library (at 5,000 prompts a person, 16-29 ms a page).
    index("prompts_owner_pinned_idx").on(table.userId).where(sql`${table.pinnedAt} is not null`),
    index("prompts_folder_position_idx").on(table.folderId, table.position, table.id),
    // A team's library in its manual order.
    index("prompts_team_position_idx")
      .on(table.teamId, table.position, table.id)
      .where(sql`${table.teamId} is not null`),
    index("prompts_community_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isShared}`),
    index("prompts_topic_idx")
      .on(
        sql`lower(${table.category})`,
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.isShared}`),
    index("prompts_owner_idx").on(
      table.userId,
      table.isShared,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("prompts_created_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("prompts_community_title_idx")
      .on(sql`lower(${table.title})`, table.id)
      .where(sql`${table.isShared}`),
    index("prompts_community_copies_idx")
      .on(table.copyCount.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isShared}`),
    // A folder's prompts newest first, without reading the whole folder.
    index("prompts_folder_idx").on(
      table.folderId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A team's prompts newest first (its list, and a search in it, which tests the team's rows
    // in that order): without it, PostgreSQL walks every prompt's date index for the team's rows.
    index("prompts_team_newest_idx")
      .on(table.teamId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.teamId} is not null`),
    // Deleting a prompt clears the link on its saved copies; without this, each delete reads
    // the whole table.
    index("prompts_source_idx")
      .on(table.sourcePromptId)
      .where(sql`${table.sourcePromptId} is not null`),
    // Deleting an account clears it as the author of current versions.
    index("prompts_version_author_idx")
      .on(table.versionAuthorId)
      .where(sql`${table.versionAuthorId} is not null`),
    // Whether the viewer already keeps a copy of a prompt: one probe per card in a list, and the
    // lookup that makes saving again answer the copy already there.
    index("prompts_owner_source_idx")
      .on(table.userId, table.sourcePromptId)
      .where(sql`${table.sourcePromptId} is not null`),
    // Searches look up and recheck rows under the "C" collation, which folds only ASCII letters:
    // several times cheaper per row than folding every letter. A short pending list keeps each
    // lookup from reading through megabytes of recent changes (see docs/decisions/0007).
    // Shared and personal prompts have indexes of their own. The shared ones index an expression
    // that is null for a personal prompt, and a community search asks for that expression, so
    // the entries it reads and the statistics its plan is chosen by (gathered per indexed
    // expression) hold shared prompts alone: how long it takes says nothing of anyone's private
    // words (see searchColumns in server/prompts/search-condition.ts).
    index("prompts_shared_text_trgm_idx")
      .using("gin", sql`(CASE WHEN is_shared THEN prompt_text END) COLLATE "C" gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    index("prompts_shared_description_trgm_idx")
      .using("gin", sql`(CASE WHEN is_shared THEN description END) COLLATE "C" gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    index("prompts_shared_category_trgm_idx")
      .using("gin", sql`(CASE WHEN is_shared THEN category END) COLLATE "C" gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    index("prompts_personal_text_trgm_idx")
      .using("gin", sql`${table.promptText} COLLATE "C" gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 })
      .where(sql`not ${table.isShared}`),
    index("prompts_personal_description_trgm_idx")
      .using("gin", sql`${table.description} COLLATE "C" gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 })
      .where(sql`not ${table.isShared}`),
    index("prompts_personal_category_trgm_idx")
      .using("gin", sql`${table.category} COLLATE "C" gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 })
      .where(sql`not ${table.isShared}`),
  ],
);

/**
 * A prompt's earlier versions, each as it was: written by the database when a prompt's text or
 * use case changes (drizzle/0014_prompt-versions.sql), never changed afterwards except to be
 * purged (drizzle/0019), deleted with the prompt. The newest VERSION_LIMIT versions and
 * HISTORY_SIZE_LIMIT bytes of text are kept; older ones are merged away.
 */
export const promptVersions = pgTable(
  "prompt_versions",
  {
    promptId: uuid("prompt_id")
      .notNull()
      .references((): AnyPgColumn => prompts.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    category: text("category"),
    promptText: text("prompt_text").notNull(),
    /** Who wrote it; null: the prompt's owner. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    restoredFrom: integer("restored_from"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    /**
     * When the version was purged (server/versions/purge-version.ts): its title, text and note
     * are emptied, and the history shows only that it was, by whom and when. Null: kept whole.
     */
    purgedAt: timestamp("purged_at", { withTimezone: true, precision: 3 }),
    /** Who purged it; null once their account is deleted. */
    purgedBy: uuid("purged_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.promptId, table.number] }),
    // Deleting an account clears it as the purger of versions.
    index("prompt_versions_purged_by_idx")
      .on(table.purgedBy)
      .where(sql`${table.purgedBy} is not null`),
    index("prompt_versions_author_idx")
      .on(table.authorId)
      .where(sql`${table.authorId} is not null`),
  ],
);

/**
 * Shared prompts that were deleted, so their public page answers 410 Gone (search engines drop
 * it) rather than 404. Written by the database as a shared prompt is deleted
 * (drizzle/0016_gone-prompts.sql); a prompt made private is not gone, only private (404).
 */
export const gonePrompts = pgTable("gone_prompts", {
  id: uuid("id").primaryKey(),
  goneAt: timestamp("gone_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A folder in someone's personal library. Folders nest up to FOLDER_DEPTH_LIMIT levels; the
 * database refuses a parent of another person's, a loop, or a tree deeper than that
 * (drizzle/0010_library-limits.sql).
 */
export const folders = pgTable(
  "folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => folders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    importRunId: uuid("import_run_id"),
    createdAt: millisecondTime("created_at"),
  },
  (table) => [
    index("folders_user_idx").on(table.userId),
    index("folders_parent_idx").on(table.parentId),
  ],
);

/** A person's tag; names are unique per person regardless of case. */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    importRunId: uuid("import_run_id"),
    createdAt: millisecondTime("created_at"),
  },
  (table) => [uniqueIndex("tags_user_name_key").on(table.userId, sql`lower(${table.name})`)],
);

export const promptTags = pgTable(
  "prompt_tags",
  {
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.promptId, table.tagId] }),
    index("prompt_tags_tag_idx").on(table.tagId),
  ],
);

/** A star: any prompt a person can see. Private to them; only the count is public. */
export const favourites = pgTable(
  "favourites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    createdAt: millisecondTime("created_at"),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.promptId] }),
    index("favourites_prompt_idx").on(table.promptId),
    index("favourites_user_recent_idx").on(table.userId, table.createdAt.desc().nullsFirst()),
  ],
);

/** The prompt of the day, chosen once per UTC day by whichever instance asks first. */
export const dailyPrompts = pgTable("daily_prompts", {
  day: text("day").primaryKey(),
  promptId: uuid("prompt_id")
    .notNull()
    .references(() => prompts.id, { onDelete: "cascade" }),
});

/** Requests counted per key and minute, shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("rate_limits_window_idx").on(table.windowStart),
  ],
);

/**
 * What each person keeps, counted by statement triggers on prompts, folders and tags
 * (drizzle/0010_library-limits.sql). The same statement that would take a person past a limit
 * (libraryLimits below) fails, whichever code or script wrote it; a person's writes wait for
 * each other on this row, so two at once cannot both pass.
 */
/**
 * The deployment's limits, one row each (prompts_per_person...), read by the database's limit
 * triggers through library_limit() (drizzle/0023). Each start of the app writes its configured
 * values (server/db/deployment-settings.ts); a limit without a row refuses what it governs.
 */
export const libraryLimits = pgTable("library_limits", {
  name: text("name").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const libraryUsage = pgTable("library_usage", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  prompts: integer("prompts").notNull().default(0),
  promptBytes: bigint("prompt_bytes", { mode: "number" }).notNull().default(0),
  folders: integer("folders").notNull().default(0),
  tags: integer("tags").notNull().default(0),
});

/** Who copied which prompt on which day: a copy counts once per person, prompt and day. */
export const promptCopies = pgTable(
  "prompt_copies",
  {
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.promptId, table.userId, table.day] }),
    index("prompt_copies_user_idx").on(table.userId),
    index("prompt_copies_day_idx").on(table.day),
  ],
);

/**
 * An import being written, a few hundred prompts per transaction so others are served in
 * between. Its rows carry its id; until it finishes (and this row goes), a failure or a crash
 * deletes them again. One per person at a time.
 */
export const importRuns = pgTable("import_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  /** Moved on by every transaction of the import; a run quiet for long has died. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A personal access token: what an AI client or script uses in place of a browser session
 * (`Authorization: Bearer`, and the MCP server). Only its SHA-256 hash is stored; deleting the
 * row revokes it on every instance at once (drizzle/0015_access-tokens.sql announces it). A
 * token issued to an OAuth client (an MCP connector) carries the client and a refresh hash.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** 'read' or 'write' (shared/access-tokens.ts). */
    scope: text("scope").notNull(),
    /** An administrator's token carries admin rights only when asked for at creation. */
    admin: boolean("admin").notNull().default(false),
    clientId: text("client_id").references(() => oauthClients.id, { onDelete: "cascade" }),
    refreshHash: text("refresh_hash").unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    index("access_tokens_user_id_idx").on(table.userId),
    index("access_tokens_client_id_idx").on(table.clientId),
  ],
);

/** An MCP client registered itself (OAuth dynamic client registration); public clients only. */
export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  redirectUris: text("redirect_uris").array().notNull(),
  createdAt: createdAt(),
});

/** An authorization code between consent and its exchange: single use, minutes long. */
export const oauthCodes = pgTable(
  "oauth_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    scope: text("scope").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("oauth_codes_client_id_idx").on(table.clientId),
    index("oauth_codes_user_id_idx").on(table.userId),
  ],
);

/**
 * A person's collection of shared prompts, public (at /c/<short id>-<slug>) or private to them.
 * Limits are in shared/collection.ts; server/collections/collection-access.ts says who may do what.
 */
export const collections = pgTable(
  "collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: millisecondTime("created_at"),
    updatedAt: millisecondTime("updated_at"),
  },
  (table) => [
    index("collections_user_idx").on(table.userId, table.createdAt.desc().nullsFirst()),
    index("collections_public_idx").on(table.updatedAt).where(sql`${table.isPublic}`),
  ],
);

/**
 * A shared prompt in a collection, in the owner's order, with their note. A prompt deleted goes
 * with its items; one withdrawn (made personal) stays but is not shown until shared again.
 */
export const collectionItems = pgTable(
  "collection_items",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    note: text("note").notNull().default(""),
    addedAt: millisecondTime("added_at"),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.promptId] }),
    index("collection_items_order_idx").on(table.collectionId, table.position),
    index("collection_items_prompt_idx").on(table.promptId),
  ],
);

/** A star on a collection; only the count is public. */
export const collectionStars = pgTable(
  "collection_stars",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: millisecondTime("created_at"),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.userId] }),
    index("collection_stars_user_idx").on(table.userId),
  ],
);

/** Bytes as PostgreSQL keeps them (PGlite reads them as a Uint8Array, node-postgres as a Buffer). */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A public page as it was rendered, compressed, for a visit that finds nothing in memory
 * (server/cache/stored-pages.ts): served only while the build that rendered it runs and every
 * prompt it shows still reads as it did then. Pages showing a prompt that is made private or
 * deleted go with it (drizzle/0018_stored-pages.sql).
 */
export const storedPages = pgTable(
  "stored_pages",
  {
    path: text("path").primaryKey(),
    build: text("build").notNull(),
    /** The prompts the page shows, itself first, and each one's stamp when it was rendered. */
    shownIds: uuid("shown_ids").array().notNull(),
    stamps: text("stamps").array().notNull(),
    /** What drops the page from memory when it changes (public-pages.ts), as when it was kept. */
    tags: text("tags").array().notNull(),
    /** The brotli answer's headers (only 200 answers are stored), as kept-response.ts keeps them. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    body: bytes("body").notNull(),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("stored_pages_shown_idx").using("gin", table.shownIds),
    index("stored_pages_stored_at_idx").on(table.storedAt),
  ],
);

/**
 * A person's connection to a model service (server/workbench/): OpenAI-compatible (OpenAI,
 * Ollama, LM Studio, llama.cpp, vLLM) or Anthropic. The API key is kept only sealed with
 * AES-256-GCM under CONNECTION_SECRET (server/workbench/connection-secret.ts), with the id of the
 * secret that sealed it; nothing ever sends it back.
 */
/**
 * A model service the workbench calls: a person's own (`userId`), or a team's (`teamId`), which
 * its owners manage and every member runs with, its key never shown to any of them. Exactly one
 * of the two is set (drizzle/0031_team-connections.sql).
 */
export const modelConnections = pgTable(
  "model_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references((): AnyPgColumn => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 'openai-compatible' or 'anthropic' (shared/workbench.ts). */
    kind: text("kind").notNull(),
    baseUrl: text("base_url").notNull(),
    defaultModel: text("default_model"),
    sealedKey: text("sealed_key"),
    /** Which secret sealed the key: another cannot open it, and the key must be entered again. */
    keySecretId: text("key_secret_id"),
    createdAt: millisecondTime("created_at"),
    updatedAt: millisecondTime("updated_at"),
  },
  (table) => [
    index("model_connections_user_idx").on(table.userId, table.createdAt),
    index("model_connections_team_idx").on(table.teamId, table.createdAt),
  ],
);

/**
 * A prompt run against a model, kept with the version it ran (the newest RUNS_KEPT_PER_PROMPT of
 * a prompt). Only runs by someone who may read the prompt's private data are kept, and only
 * they see them (server/workbench/prompt-workbench-access.ts). A purged version takes its runs
 * with it (drizzle's workbench migration).
 */
export const promptRuns = pgTable(
  "prompt_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The connection it ran on, while it exists; its name and the model as they were then. */
    connectionId: uuid("connection_id").references(() => modelConnections.id, {
      onDelete: "set null",
    }),
    connectionName: text("connection_name").notNull(),
    model: text("model").notNull(),
    temperature: real("temperature"),
    maxTokens: integer("max_tokens"),
    values: jsonb("values").$type<Record<string, string>>().notNull(),
    output: text("output").notNull(),
    usage: jsonb("usage").$type<RunUsage>().notNull(),
    ms: integer("ms").notNull(),
    firstTokenMs: integer("first_token_ms"),
    createdAt: millisecondTime("created_at"),
  },
  (table) => [
    index("prompt_runs_prompt_idx").on(table.promptId, table.createdAt.desc(), table.id.desc()),
    index("prompt_runs_user_idx").on(table.userId),
    index("prompt_runs_connection_idx").on(table.connectionId),
  ],
);

/** A prompt's test case: values for its variables and checks its answer must pass. */
export const promptTests = pgTable(
  "prompt_tests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    values: jsonb("values").$type<Record<string, string>>().notNull(),
    checks: jsonb("checks").$type<TestCheck[]>().notNull(),
    createdAt: millisecondTime("created_at"),
    updatedAt: millisecondTime("updated_at"),
  },
  (table) => [index("prompt_tests_prompt_idx").on(table.promptId, table.createdAt)],
);

/** A test case's latest outcome on one version of its prompt. */
export const promptTestResults = pgTable(
  "prompt_test_results",
  {
    testId: uuid("test_id")
      .notNull()
      .references(() => promptTests.id, { onDelete: "cascade" }),
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    passed: boolean("passed").notNull(),
    output: text("output").notNull(),
    failures: jsonb("failures").$type<string[]>().notNull(),
    connectionName: text("connection_name").notNull(),
    model: text("model").notNull(),
    createdAt: millisecondTime("created_at"),
  },
  (table) => [
    primaryKey({ columns: [table.testId, table.version] }),
    index("prompt_test_results_prompt_idx").on(table.promptId, table.version),
  ],
);

/** A shared library for a group (server/teams/): its members and their roles are teamMembers. */
export const teams = pgTable("teams", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

/**
 * How many prompts a team holds, and how many bytes of text: a team's library has the limits a
 * person's has, counted here rather than toward the person who wrote each prompt (triggers of
 * drizzle/0030_team-usage.sql).
 */
export const teamUsage = pgTable("team_usage", {
  teamId: uuid("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  prompts: integer("prompts").notNull().default(0),
  promptBytes: bigint("prompt_bytes", { mode: "number" }).notNull().default(0),
});

/**
 * Who is in a team, as what: 'viewer', 'editor' or 'owner' (shared/teams.ts). The database keeps
 * every team with an owner and within its limits (drizzle/0027_teams.sql).
 */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index("team_members_user_idx").on(table.userId, table.teamId),
  ],
);

/**
 * A link that lets people join a team as a role: only its code's SHA-256 hash is kept; it is
 * good until it expires, is revoked or has been used max_uses times.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    role: text("role").notNull(),
    maxUses: integer("max_uses").notNull(),
    uses: integer("uses").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("team_invitations_team_idx").on(table.teamId),
    index("team_invitations_created_by_idx").on(table.createdBy),
  ],
);

/**
 * What happened in a team, newest first: who did what to which prompt or member. Kept a year
 * (housekeeping deletes older entries). The prompt and person are ids, not references: an entry
 * outlives what it names.
 */
export const teamActivity = pgTable(
  "team_activity",
  {
    /** In the order entries were written: the log's order and its cursor. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    promptId: uuid("prompt_id"),
    subjectUserId: uuid("subject_user_id"),
    detail: jsonb("detail").$type<Record<string, string | number | null>>().notNull(),
    at: millisecondTime("at"),
  },
  (table) => [
    index("team_activity_team_idx").on(table.teamId, table.id.desc()),
    index("team_activity_actor_idx").on(table.actorId),
    index("team_activity_at_idx").on(table.at),
  ],
);

/**
 * A prompt's labels (production, staging, or any name of a-z, 0-9 and dashes up to 32 long),
 * each pointing at one of its versions by number: the current one (the prompt itself) or an
 * earlier one kept in prompt_versions. The database checks the version is there and not purged,
 * counts the labels (at most labels_per_prompt), and takes a label away with the version it
 * points at when that is purged or merged away (drizzle/0028).
 */
export const promptLabels = pgTable(
  "prompt_labels",
  {
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    version: integer("version").notNull(),
    movedAt: millisecondTime("moved_at"),
    /** Who set it where it is; null once their account is deleted. */
    movedBy: uuid("moved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.promptId, table.label] }),
    index("prompt_labels_moved_by_idx").on(table.movedBy).where(sql`${table.movedBy} is not null`),
  ],
);

/**
 * A change a team's member suggests to one of its prompts: a new text and a note, pending until
 * an editor or owner accepts it (it becomes a new version, written by its author) or declines it.
 * The database counts the pending ones (at most pending_suggestions_per_prompt, drizzle/0028).
 */
export const promptSuggestions = pgTable(
  "prompt_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    /** Who suggested it; null once their account is deleted. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    promptText: text("prompt_text").notNull(),
    note: text("note"),
    /** pending, accepted or declined. */
    status: text("status").notNull().default("pending"),
    /** The prompt's version when it was suggested. */
    baseVersion: integer("base_version").notNull(),
    createdAt: millisecondTime("created_at"),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** For an accepted one: the prompt's version once it was applied. */
    acceptedVersion: integer("accepted_version"),
  },
  (table) => [
    index("prompt_suggestions_prompt_idx").on(table.promptId, table.status, table.createdAt),
    index("prompt_suggestions_author_idx")
      .on(table.authorId)
      .where(sql`${table.authorId} is not null`),
    index("prompt_suggestions_decided_by_idx")
      .on(table.decidedBy)
      .where(sql`${table.decidedBy} is not null`),
  ],
);
