import { getTableColumns } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  collectionItems,
  collectionStars,
  collections,
  dailyPrompts,
  favourites,
  folders,
  modelConnections,
  profiles,
  promptCopies,
  promptLabels,
  promptRuns,
  promptSuggestions,
  prompts,
  promptTags,
  promptTestResults,
  promptTests,
  promptVersions,
  tags,
  teamActivity,
  teamInvitations,
  teamMembers,
  teams,
  users,
} from "../db/schema.ts";
import { storableText } from "../validation.ts";

/*
 * One declaration per table of what each of its columns is in PromptShelf's files, which the
 * backup, the restore, the JSON export and the JSON import all read (decision 0023):
 *
 * - a backup holds every column of every table here, as the database has it (to_json), and a
 *   restore takes every column back; a column may be restored in a second pass (it points into
 *   its own table) or left to the database (it is derived from other rows);
 * - the JSON export writes each column that has a name in the file, in the order declared here;
 *   each other column says why it is never exported (personal to someone else, secret, or the
 *   server's own bookkeeping);
 * - the JSON import reads each exported column back with the value it declares, and writes it
 *   into the new row as it is, unless the import's own rules take it (`rule` says which).
 *
 * Every column of a table must be declared: the object's type asks for each (tsc fails on a
 * column left out) and table-codecs.test.ts compares each codec with the schema. A new column is
 * one entry here; `since` names the backup format that first holds it, so the format moves on by
 * itself (backup-tables.ts).
 */

/** How a column is kept in a backup and brought back by a restore. */
interface BackupRule {
  /** The backup format that first held the column; absent: format 6 or earlier had it. */
  since?: number;
  /**
   * later: it points into its own table, so a restore sets it in a second pass; derived: the
   * database counts it again from other rows as they are restored, so a restore leaves it be.
   */
  restore?: "later" | "derived";
}

/**
 * A column the JSON export writes under `name`. The import writes it into the new row as the file
 * gives it, checked by `value`; or applies its own `rule` to it (import-rules.ts,
 * import-history.ts, which read those fields by name); or, with neither, does not read it back.
 */
export interface ExportedColumn extends BackupRule {
  kind: "exported";
  name: string;
  value?: z.ZodType;
  rule?: string;
}

/** A column the JSON export never writes, and why. */
export interface UnexportedColumn extends BackupRule {
  kind: "not-exported";
  why: "personal" | "secret" | "server" | "importer";
  reason: string;
}

/** A field of a table's export entry that is no column of it (a prompt's tags). */
export interface JoinedField {
  kind: "joined";
  name: string;
}

export type ColumnCodec = ExportedColumn | UnexportedColumn;
type FieldCodec = ColumnCodec | JoinedField;

/** Exported under `name` and imported as it is, checked by `value`. */
export const exported = (
  name: string,
  value: z.ZodType,
  backup: BackupRule = {},
): ExportedColumn => ({ kind: "exported", name, value, ...backup });

/** Exported under `name`, and read back by the import's own `rule`. */
export const byRule = (name: string, rule: string, backup: BackupRule = {}): ExportedColumn => ({
  kind: "exported",
  name,
  rule,
  ...backup,
});

/** Exported under `name` for people to read, and not read back: `why`. */
export const exportOnly = (name: string, why: string): ExportedColumn => ({
  kind: "exported",
  name,
  rule: `not read back: ${why}`,
});

/** In backups, never in the export. */
export const notExported = (
  why: UnexportedColumn["why"],
  reason: string,
  backup: BackupRule = {},
): UnexportedColumn => ({ kind: "not-exported", why, reason, ...backup });

const joined = (name: string): JoinedField => ({ kind: "joined", name });

/** Values of the file, as the import takes them into a column as they are. */
const storable = storableText();
export const optionalText = z.string().pipe(storable).nullable().default(null);
/** A time from 1970 to the year 9999, as the export writes one (ISO 8601). */
export const optionalTime = z
  .string()
  .nullable()
  .default(null)
  .transform((value, context) => {
    if (value === null) return null;
    const time = Date.parse(value);
    if (Number.isNaN(time) || time < 0 || time >= Date.UTC(10_000, 0, 1)) {
      context.addIssue({ code: "custom", message: "is not a time from 1970 to 9999" });
      return z.NEVER;
    }
    return new Date(time);
  });

/** A table's columns by their names in the schema (promptText), each with its codec. */
type Columns<T extends PgTable> = { [K in keyof T["_"]["columns"]]: ColumnCodec };

export interface TableCodec<T extends PgTable = PgTable> {
  table: T;
  /** In the order the JSON export writes them: columns and joined fields. */
  fields: Record<string, FieldCodec>;
}

function codec<T extends PgTable>(
  table: T,
  fields: Columns<T> & Record<string, FieldCodec>,
): TableCodec<T> {
  return { table, fields };
}

/** A table whose rows only backups hold: every column not exported, for the one reason given. */
function backupOnly<T extends PgTable>(
  table: T,
  why: UnexportedColumn["why"],
  reason: string,
  rules: Partial<Record<keyof T["_"]["columns"], BackupRule>> = {},
): TableCodec<T> {
  const fields = Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [
      key,
      notExported(why, reason, rules[key as keyof typeof rules] ?? {}),
    ]),
  ) as Columns<T>;
  return codec(table, fields);
}

/** Every column of a table first held by backup format `format`. */
function since<T extends PgTable>(format: number, table: T) {
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [key, { since: format }]),
  ) as Partial<Record<keyof T["_"]["columns"], BackupRule>>;
}

const ownerIsImporter = "the importer owns what they import";
const runOfServer = "which import wrote the row, while it may be undone";

/**
 * The tables a backup holds, parents before children (as a restore must write them), each with
 * every column. Those the JSON export writes (folders, prompts, versions, stars, collections and
 * their items) say what each column is there; the others are backed up only, for one reason.
 */
export const tableCodecs = [
  backupOnly(users, "personal", "the export's account is the viewer's email and name alone"),
  backupOnly(profiles, "personal", "a profile is set up again in the account that imports"),
  backupOnly(teams, "personal", "a team's library is exported on its own", since(8, teams)),
  codec(folders, {
    id: byRule("id", "the id the file's prompts name their folder by (folderPathOf)"),
    name: byRule("name", "folderName, as a folder made by hand is named"),
    parentId: byRule("parentId", "the folder's path (folderPathOf)", { restore: "later" }),
    userId: notExported("importer", ownerIsImporter),
    importRunId: notExported("server", runOfServer),
    createdAt: exportOnly("createdAt", "a folder is made when it is imported"),
  }),
  backupOnly(tags, "personal", "a prompt's entry names its tags (prompt_tags)"),
  codec(prompts, {
    id: byRule("id", "placesById: the id the file's versions and collections name"),
    title: byRule("title", "none: the title comes from the use case (category)"),
    description: exported("description", optionalText, { since: 7 }),
    promptText: byRule("promptText", "importedContent"),
    category: byRule("category", "importedContent: the use case"),
    userId: notExported("importer", ownerIsImporter),
    isShared: byRule("shared", "importedPrompt: shared or personal, as the file says"),
    createdByAdmin: notExported("server", "set by who imports"),
    folderId: byRule("folderId", "folderPathOf: the folder's path"),
    tags: joined("tags"),
    favourite: joined("favourite"),
    copyCount: exportOnly("copyCount", "a prompt imported has been copied by nobody here"),
    sourcePromptId: byRule("savedFromId", "forkLinks: the original, where the importer sees it", {
      restore: "later",
    }),
    sourceVersion: byRule("savedFromVersion", "importedHistory: the original's version taken"),
    saveCount: notExported("server", "counted by the database from the saved copies", {
      restore: "derived",
    }),
    version: byRule("version", "importedHistory"),
    versionAuthorId: notExported("personal", "another person's account"),
    versionNote: byRule("versionNote", "importedHistory"),
    versionRestoredFrom: byRule("versionRestoredFrom", "importedHistory"),
    importRunId: notExported("server", runOfServer),
    teamId: notExported("importer", "an import lands in the library it is sent to", { since: 8 }),
    pinnedAt: exported("pinnedAt", optionalTime, { since: 7 }),
    position: notExported("server", "an order key of the library it was set in", { since: 7 }),
    createdAt: byRule("createdAt", "importDate"),
    updatedAt: byRule("updatedAt", "importedHistory: the current version's time"),
  }),
  codec(promptVersions, {
    promptId: byRule("promptId", "versionsByPrompt: the file's prompt with that id"),
    number: byRule("number", "importedHistory"),
    title: exportOnly("title", "the title comes from the use case (category)"),
    category: byRule("category", "importedContent: the use case"),
    promptText: byRule("promptText", "importedContent"),
    authorId: notExported("personal", "another person's account"),
    note: byRule("note", "importedHistory"),
    restoredFrom: byRule("restoredFrom", "importedHistory"),
    createdAt: byRule("createdAt", "importedHistory"),
    purgedAt: notExported("server", "a purged version is left out of the export whole", {
      since: 5,
    }),
    purgedBy: notExported("personal", "who purged it", { since: 5 }),
  }),
  backupOnly(promptTags, "server", "a prompt's entry names its tags"),
  codec(favourites, {
    userId: notExported("importer", ownerIsImporter),
    promptId: byRule("promptId", "starOthers: a star on a prompt still shared here"),
    createdAt: exportOnly("createdAt", "a star is given when it is imported"),
  }),
  backupOnly(promptCopies, "server", "who copied what, for the copy counts"),
  backupOnly(dailyPrompts, "server", "the community's prompt of the day"),
  // A collection is read back by the rules of making one by hand (import-collections.ts).
  codec(collections, {
    id: notExported("server", "its items name prompts, never the collection"),
    userId: notExported("importer", ownerIsImporter),
    title: byRule("title", "createCollectionInput"),
    description: byRule("description", "createCollectionInput"),
    isPublic: byRule("isPublic", "createCollectionInput"),
    createdAt: byRule("createdAt", "importedCollection: importDate"),
    updatedAt: byRule("updatedAt", "importedCollection: importDate"),
    items: joined("items"),
  }),
  // An item, within its collection's entry, names its prompt by what its public page shows.
  codec(collectionItems, {
    collectionId: notExported("server", "the collection it is listed in"),
    promptId: byRule("promptId", "addItemInput: the file's prompt, or a shared one here"),
    title: joined("title"),
    category: joined("category"),
    path: joined("path"),
    position: notExported("server", "the order of the collection's list"),
    note: byRule("note", "addItemInput"),
    addedAt: notExported("server", "an item is added when it is imported"),
  }),
  backupOnly(collectionStars, "personal", "stars on other people's collections"),
  // A connection's key is held sealed: restored under the same CONNECTION_SECRET it opens again,
  // under another it is absent and its person enters it again.
  backupOnly(modelConnections, "secret", "a connection's key, sealed, and its address", {
    teamId: { since: 10 },
  }),
  backupOnly(promptRuns, "personal", "runs are the owner's private data"),
  backupOnly(promptTests, "personal", "the workbench's test cases"),
  backupOnly(promptTestResults, "personal", "the workbench's test outcomes"),
  backupOnly(teamMembers, "personal", "who is in a team, as what", since(8, teamMembers)),
  backupOnly(teamInvitations, "secret", "invitations' code hashes", since(8, teamInvitations)),
  backupOnly(teamActivity, "personal", "a team's log", since(8, teamActivity)),
  backupOnly(promptLabels, "personal", "labels on versions", since(9, promptLabels)),
  backupOnly(promptSuggestions, "personal", "suggested changes", since(9, promptSuggestions)),
] as const;

export const [, , , folderCodec, , promptCodec, versionCodec, , starCodec] = tableCodecs;
export const collectionCodec = tableCodecs[11];
export const itemCodec = tableCodecs[12];

/** A table's SQL name. */
export const tableName = (codec: TableCodec) => getTableConfig(codec.table).name;

/** A table's columns in SQL (source_prompt_id), with their codecs, in the schema's order. */
export function sqlColumns(codec: TableCodec) {
  const columns = getTableColumns(codec.table);
  return Object.entries(columns).map(([key, column]) => {
    const field = codec.fields[key];
    if (!field || field.kind === "joined") {
      throw new Error(`${tableName(codec)}.${column.name} has no codec`);
    }
    return { key, name: column.name, codec: field };
  });
}

/** A value as the export writes it: a time as ISO 8601, anything else as JSON has it. */
const encode = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * A row (as Drizzle selects it) as its export entry, fields in the codec's order; `joined` gives
 * the fields that are no column of the table.
 */
export function exportEntry(
  codec: TableCodec,
  row: Record<string, unknown>,
  joinedValues: Record<string, unknown> = {},
): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(codec.fields)) {
    if (field.kind === "joined") entry[field.name] = joinedValues[field.name];
    else if (field.kind === "exported") entry[field.name] = encode(row[key]);
  }
  return entry;
}

/**
 * The columns an import writes as the file gives them (each with a value and no rule of the
 * import's own), read from an export entry by their names in the file; a bad value stops the
 * import, naming the field. Their names in the schema, ready for an insert.
 */
export function plainColumns<T extends PgTable>(
  codec: TableCodec<T>,
  entry: unknown,
  fail: (field: string, problem: string) => never,
): Partial<T["$inferInsert"]> {
  const given =
    typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(codec.fields)) {
    if (field.kind !== "exported" || !field.value || field.rule) continue;
    const parsed = field.value.safeParse(given[field.name]);
    if (!parsed.success) fail(field.name, parsed.error.issues[0]?.message ?? "is not valid");
    else if (parsed.data !== null) values[key] = parsed.data;
  }
  // Each key is a column of T, its value checked by the column's own codec.
  return values as Partial<T["$inferInsert"]>;
}
