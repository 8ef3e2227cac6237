import { z } from "@hono/zod-openapi";
import { accessScopes } from "../../../shared/access-tokens.ts";
import { publicFields } from "../../../shared/secret-scan.ts";
import type { ErrorCode } from "../../errors.ts";
import { statusFor } from "../errors.ts";

/**
 * What the API answers, as schemas: the shapes more than one route answers, in one place. The
 * OpenAPI document names each (`Prompt`, `Folder`…); a route's handler is type-checked against
 * the schema it declares, so a shape here that the code no longer sends fails `tsc`.
 */

export const timestamp = z
  .string()
  .openapi({ format: "date-time", example: "2026-11-23T09:30:00.000Z" });
export const id = z.string().openapi({ format: "uuid" });
export const count = z.number().int().min(0);
export const versionNumber = z.number().int().min(1);

/**
 * A named shape, or null. (The generator would take `shape.nullable()` for the shape itself,
 * and list the shape as nullable wherever it is used.)
 */
export function orNull<T extends z.ZodType>(shape: T) {
  return z.union([shape, z.null()]);
}

export const sharedFinding = z
  .object({
    rule: z.string(),
    label: z.string(),
    start: z.number().int(),
    end: z.number().int(),
    excerpt: z.string().describe("What was found, its middle hidden."),
    field: z.enum(publicFields),
    entry: z
      .string()
      .optional()
      .describe('In an import or collection: which entry ("Prompt 3, version 1").'),
  })
  .openapi("Finding", {
    description:
      "A secret or piece of personal data the privacy check found in what would be made public.",
  });

/** Why something was refused: every error the API sends. */
export const errorBody = z
  .object({
    error: z.object({
      code: z
        .enum(Object.keys(statusFor) as [ErrorCode, ...ErrorCode[]])
        .describe("The kind of failure; it sets the HTTP status."),
      detail: z
        .string()
        .optional()
        .describe(
          "The specific reason, when a client may act on it, such as `prompt_content_missing` or `folder_name_taken` (`ErrorDetail` in shared/error-codes.ts).",
        ),
      message: z.string().describe("For people; free to change. Clients act on code and detail."),
      findings: z
        .array(sharedFinding)
        .optional()
        .describe("With `privacy_findings`: what the privacy check found, masked."),
    }),
  })
  .openapi("Error");

/** A range [start, end) of a text in UTF-16 code units, as `String.prototype.slice` takes them. */
const textRange = z.tuple([z.number().int(), z.number().int()]).readonly().openapi("TextRange");

export const searchMatch = z
  .object({
    title: z.array(textRange),
    category: z.array(textRange).describe("In the use case."),
    preview: z
      .object({ text: z.string(), marks: z.array(textRange) })
      .describe(
        "What a card's preview shows: the start of the text, or the words around the first match.",
      ),
    text: z
      .array(textRange)
      .optional()
      .describe("In the prompt's text, when the answer holds all of it."),
  })
  .openapi("SearchMatch", { description: "Where a search term lies in what a card shows." });

const promptFields = {
  id,
  title: z.string(),
  description: z
    .string()
    .nullable()
    .describe("What the prompt is for, in plain text (at most 500 characters); null: none."),
  promptText: z
    .string()
    .describe(
      "The whole text, or in a list its first 300 characters when `truncated` (the whole of it from `GET /api/v1/prompts/{id}`).",
    ),
  truncated: z.boolean().describe("True when `promptText` is an excerpt and more follows."),
  category: z.string().nullable(),
  isShared: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp.describe("When the current version was made."),
  creatorName: z.string(),
  isAdminCreated: z.boolean(),
  isSaved: z.boolean().describe("Whether the person asking keeps a saved copy of it."),
  starCount: count,
  copyCount: count,
  savedFromId: id.nullable().describe("For a prompt saved from the community: the original."),
  version: versionNumber.describe("The current version's number."),
  saveCount: count.describe("How many people keep a saved copy."),
  matchExcerpt: z
    .string()
    .optional()
    .describe(
      "In a search's list: the text around the first match, when it lies past `promptText`.",
    ),
  match: orNull(searchMatch)
    .optional()
    .describe(
      "In a search's answer: where the term lies (null: one prompt read for a search it does not match).",
    ),
};

export const prompt = z
  .object({
    ...promptFields,
    teamId: id
      .nullable()
      .describe(
        "The team whose library holds it, named to the team's members; null: a person's own, or a team's shared prompt read by anyone else.",
      ),
    isOwn: z
      .boolean()
      .describe("Whether it is in your own library (a team's prompt is the team's, never yours)."),
    tags: z
      .array(z.string())
      .describe("The owner's tags; empty for anyone else (tags are private)."),
    folderId: id.nullable().describe("The owner's folder; null for anyone else."),
    pinned: z
      .boolean()
      .describe("Whether the owner pinned it to the top of their library; false for anyone else."),
    isFavourite: z.boolean().describe("Whether the person asking starred it."),
    upstream: z
      .enum(["current", "updated", "removed"])
      .nullable()
      .describe(
        "On your own saved copy: `current`, `updated` (the original changed since) or `removed` (the original was deleted or is no longer visible to you); else null.",
      ),
  })
  .openapi("Prompt", {
    description:
      'A prompt. The use case (at most 35 characters; longer ones are cut) is both title and category; without one the prompt is "Untitled".',
  });

/** A prompt as a public page shows it: nothing about the person asking. */
export const publicPrompt = z.object(promptFields).openapi("PublicPrompt");

export const similarPrompt = z
  .object({
    id,
    title: z.string(),
    isShared: z.boolean(),
    similarity: z
      .number()
      .describe("pg_trgm similarity of the two texts' first 500 characters, at least 0.7."),
    href: z.string().describe("The list it is on, searched for it."),
  })
  .openapi("SimilarPrompt", {
    description:
      "The prompt in your own library most like the one just saved: a warning, never a refusal.",
  });

export const savedPrompt = prompt
  .extend({ similar: orNull(similarPrompt) })
  .openapi("SavedPrompt", { description: "A prompt just written, and the most similar of yours." });

export const promptPage = z
  .object({
    items: z.array(prompt),
    nextCursor: z.string().nullable().describe("Send it back as `cursor` for the next page."),
  })
  .openapi("PromptPage");

export const sessionUser = z
  .object({
    id,
    email: z.string(),
    name: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    isAdmin: z.boolean(),
  })
  .openapi("SessionUser");

export const versionSummary = z
  .object({
    number: versionNumber,
    title: z.string(),
    category: z.string().nullable(),
    authorName: z.string(),
    createdAt: timestamp,
    note: z.string().nullable(),
    restoredFrom: versionNumber.nullable().describe("For a restore: the version it brought back."),
    purged: z
      .object({ byName: z.string(), at: timestamp })
      .nullable()
      .describe("Who purged it and when (its title is then empty, its category and note null)."),
    labels: z
      .array(z.string())
      .optional()
      .describe("In a prompt's history: the labels pointing at it (production, staging…)."),
  })
  .openapi("VersionSummary");

export const version = versionSummary
  .extend({ promptText: z.string().describe("Empty for a purged version.") })
  .openapi("Version");

export const history = z
  .object({
    promptId: id,
    current: versionNumber,
    oldestKept: versionNumber.describe(
      "Versions before it were merged away (`VERSION_LIMIT`, `HISTORY_SIZE_LIMIT`).",
    ),
    versions: z.array(versionSummary).describe("Newest first, the current version first of all."),
  })
  .openapi("History");

export const leftBehind = z
  .object({
    versions: z.array(z.object({ number: versionNumber, findings: z.array(sharedFinding) })),
  })
  .openapi("LeftBehind", {
    description:
      "The earlier versions (not purged) still holding a secret or piece of personal data the current version no longer has.",
  });

export const upstream = z
  .object({
    original: z.object({ id, title: z.string() }),
    from: orNull(version).describe(
      "The original's version you took; null once merged away or purged.",
    ),
    fromVersion: versionNumber,
    current: version,
    copy: z.object({ title: z.string(), category: z.string().nullable(), promptText: z.string() }),
    edited: z.boolean().describe("Whether your copy changed since you took it."),
  })
  .openapi("Upstream");

export const folder = z
  .object({
    id,
    name: z.string(),
    parentId: id.nullable().describe("The folder it is in; null at the top."),
    promptCount: count.describe("Personal prompts filed directly in it."),
  })
  .openapi("Folder");

/** A folder just renamed or moved: its prompts are not counted again. */
export const changedFolder = folder.omit({ promptCount: true }).openapi("ChangedFolder");

export const tag = z.object({ name: z.string(), promptCount: count }).openapi("Tag");

export const snippet = z
  .object({ id, title: z.string(), promptText: z.string() })
  .openapi("Snippet");

export const paletteAnswer = z
  .object({
    own: z.array(prompt).describe("Your own prompts that are not shared, best match first."),
    teams: z
      .array(prompt)
      .describe("Your teams' prompts, best match first; none when `teamsSearched` is false."),
    teamsSearched: z
      .boolean()
      .describe("False when your teams hold more than 5,000 prompts together: not searched here."),
    community: z.array(prompt).describe("Shared prompts, yours among them, best match first."),
    ownMatches: z
      .array(id)
      .nullable()
      .describe(
        "Every own prompt that matched when at most 100, else null: send them back as `within`.",
      ),
  })
  .openapi("PaletteAnswer");

export const collectionSummary = z
  .object({
    id,
    title: z.string(),
    description: z.string(),
    isPublic: z.boolean(),
    itemCount: count,
    starCount: count,
    path: z
      .string()
      .describe("Its page, `/c/<short id>-<slug>`: only a public collection opens there."),
    createdAt: timestamp,
    updatedAt: timestamp,
    hasPrompt: z
      .boolean()
      .optional()
      .describe("Asked with `?prompt=<id>`: whether it holds that prompt."),
  })
  .openapi("CollectionSummary");

export const collectionDetail = collectionSummary
  .extend({
    items: z.array(
      z.object({
        prompt: publicPrompt,
        note: z.string(),
        path: z.string().describe("The prompt's page, `/p/<short id>-<slug>`."),
      }),
    ),
    owner: z.object({ id, displayName: z.string(), profilePath: z.string().nullable() }),
    starred: z.boolean().describe("Whether you starred it; false for a visitor."),
    isOwn: z.boolean(),
  })
  .openapi("Collection");

export const profileSettings = z
  .object({
    isPublic: z.boolean(),
    handle: z.string().nullable(),
    displayName: z.string().nullable(),
    showAvatar: z.boolean(),
    avatarUrl: z.string().nullable().describe("The picture the profile would show."),
  })
  .openapi("ProfileSettings");

export const accessToken = z
  .object({
    id,
    name: z.string(),
    scope: z.enum(accessScopes),
    admin: z.boolean(),
    client: z
      .string()
      .nullable()
      .describe("For a token an MCP client got by OAuth: the client's name."),
    createdAt: timestamp,
    expiresAt: timestamp.nullable(),
    lastUsedAt: timestamp.nullable().describe("Written at most once a minute."),
  })
  .openapi("AccessToken");

export const importReport = z
  .object({
    format: z.string(),
    inFile: count,
    added: count,
    repeatedInFile: count.describe("Prompts the file repeats: skipped."),
    alreadyInLibrary: count.describe("Prompts your library has: skipped."),
    duplicates: count.describe("Both of those together."),
    newFolders: count,
    skillFilesLeftOut: count.describe(
      "A zip of Agent Skills: the files beside each SKILL.md (scripts, references, assets), which are not prompts: left out.",
    ),
    sample: z.array(z.string()).describe("Up to five titles it adds."),
    newCollections: count,
    collectionsInLibrary: count.describe(
      "A JSON file's collections skipped because you have one of that title.",
    ),
    collectionItemsSkipped: count.describe(
      "Their items whose prompt could not go into a collection.",
    ),
    dryRun: z.boolean(),
  })
  .openapi("ImportReport");

export const promptChange = z
  .object({
    type: z.enum(["created", "updated", "deleted"]),
    id,
    category: z.string().nullable(),
  })
  .openapi("PromptChange", {
    description: "A change to a shared prompt, as the event stream tells it.",
  });
