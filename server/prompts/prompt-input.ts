import { z } from "zod";
import { promptTooLongText, tagRefusals } from "../../shared/messages.ts";
import { paletteMatchesKept } from "../../shared/palette.ts";
import {
  descriptionMaxLength,
  promptTextMaxLength,
  searchTermMaxLength,
  sortOrders,
  tagMaxLength,
  tagsPerPrompt,
} from "../../shared/prompt.ts";
import { versionNoteMaxLength } from "../../shared/versions.ts";
import { storableText, withDetail } from "../validation.ts";

export const promptTextSchema = storableText()
  .refine(
    (text) => text.length <= promptTextMaxLength,
    withDetail("prompt_too_long", promptTooLongText),
  )
  .refine(
    (text) => text.trim() !== "",
    withDetail("prompt_content_missing", "Please enter prompt content"),
  );

/** Longer use cases are cut to 35 characters, not refused; this bound only stops abuse. */
export const useCaseSchema = storableText().max(10_000, "Use case is too long");

/**
 * What the prompt is for, in plain text: trimmed, at most 500 characters (one more is refused);
 * empty is none (null).
 */
export const descriptionSchema = storableText()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .max(descriptionMaxLength, `Keep the description to ${descriptionMaxLength} characters`),
  )
  .transform((text) => (text === "" ? null : text));

/** Shares text the privacy check found secrets or personal data in (privacy-check.ts). */
export const confirmShare = z.boolean().optional();

export const createPromptInput = z.object({
  promptText: promptTextSchema,
  useCase: useCaseSchema.optional(),
  description: descriptionSchema.optional(),
  shared: z.boolean(),
  /** A team the viewer edits: the prompt goes into its library rather than their own. */
  teamId: z.uuid("must be a team id").optional(),
  confirm: confirmShare,
});
export type CreatePromptInput = z.infer<typeof createPromptInput>;

/** An edit's note ("tightened the tone"), kept with the version it makes. */
export const versionNote = storableText()
  .transform((note) => note.trim())
  .pipe(z.string().max(versionNoteMaxLength, `Keep the note to ${versionNoteMaxLength} characters`))
  .transform((note) => (note === "" ? undefined : note));

export const updatePromptInput = z
  .object({
    promptText: promptTextSchema.optional(),
    useCase: useCaseSchema.optional(),
    /** A new description; empty or null takes it away. */
    description: descriptionSchema.nullable().optional(),
    note: versionNote.optional(),
    confirm: confirmShare,
  })
  .refine(
    (input) =>
      input.promptText !== undefined ||
      input.useCase !== undefined ||
      input.description !== undefined,
    { message: "Nothing to change: send promptText, useCase or description" },
  );
export type UpdatePromptInput = z.infer<typeof updatePromptInput>;

/** Pinning one's own prompt to the top of their library and its folder, or unpinning it. */
export const pinInput = z.object({ pinned: z.boolean() });

/**
 * Where to move one's own prompt in the manual order: just before one prompt, just after another,
 * or between two (both given: `after` must come before `before`).
 */
export const positionInput = z
  .object({ before: z.uuid("must be a prompt id"), after: z.uuid("must be a prompt id") })
  .partial()
  .refine((input) => input.before !== undefined || input.after !== undefined, {
    message: "Say where: send before, after or both",
  });
export type PositionInput = z.infer<typeof positionInput>;

export const promptScope = z.enum(["personal", "community", "favourites", "team", "teams", "all"]);
export type PromptScope = z.infer<typeof promptScope>;

const uuid = z.uuid("must be a folder id");
const flag = z
  .enum(["1", "true", "0", "false"])
  .transform((value) => value === "1" || value === "true");

export const tagName = storableText()
  .transform((name) => name.trim())
  .pipe(z.string().min(1, "Tag names cannot be empty").max(tagMaxLength, tagRefusals.tooLong));

export const listPromptsQuery = z.object({
  scope: promptScope.default("community"),
  /** With scope=team: which team's library (one the viewer is in). */
  team: z.uuid("must be a team id").optional(),
  category: storableText().max(100).optional(),
  q: storableText().max(searchTermMaxLength, "Search term is too long").optional(),
  folder: uuid.optional(),
  tag: z.array(tagName).max(tagsPerPrompt).default([]),
  starred: flag.default(false),
  sort: z.enum(sortOrders).default("newest"),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().max(300).optional(),
  /** Administrators only: owners whose email contains this, in any case. */
  owner: storableText().max(320, "Owner is too long").optional(),
  /** Administrators only: shared (community) or private (personal) prompts alone. */
  visibility: z.enum(["all", "shared", "private"]).default("all"),
});
export type ListPromptsQuery = z.infer<typeof listPromptsQuery>;

/** One prompt read for a search (`GET /api/v1/prompts/:id?q=`): the answer says where it matched. */
export const readPromptQuery = z.object({
  q: listPromptsQuery.shape.q.transform((term) => term?.trim() || undefined),
});
export type ListVisibility = ListPromptsQuery["visibility"];

/**
 * The palette's search: a term and, to look among fewer prompts, the own prompts an earlier
 * answer found (`within`) for the term it was asked (`withinQ`).
 */
export const paletteQuery = z
  .object({
    q: storableText()
      .transform((term) => term.trim())
      .pipe(
        z
          .string()
          .min(1, "Type something to search for")
          .max(searchTermMaxLength, "Search term is too long"),
      ),
    within: z
      .string()
      .max(paletteMatchesKept * 37, `at most ${paletteMatchesKept} prompt ids`)
      .transform((ids) => (ids === "" ? [] : ids.split(",")))
      .pipe(
        z
          .array(z.uuid("must be prompt ids"))
          .max(paletteMatchesKept, `at most ${paletteMatchesKept} prompt ids`),
      )
      .optional(),
    withinQ: storableText().max(searchTermMaxLength, "Search term is too long").optional(),
  })
  .refine((query) => (query.within === undefined) === (query.withinQ === undefined), {
    message: "within and withinQ come together",
  });
export type PaletteQuery = z.infer<typeof paletteQuery>;
