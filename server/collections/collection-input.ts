import { z } from "zod";
import {
  collectionDescriptionMaxLength,
  collectionTitleMaxLength,
  itemNoteMaxLength,
  itemsPerCollection,
} from "../../shared/collection.ts";
import { confirmShare } from "../prompts/prompt-input.ts";
import { storableText } from "../validation.ts";

const title = storableText()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, "Collections need a title")
      .max(collectionTitleMaxLength, `Titles are at most ${collectionTitleMaxLength} characters`),
  );

const description = storableText()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(
        collectionDescriptionMaxLength,
        `Descriptions are at most ${collectionDescriptionMaxLength} characters`,
      ),
  );

const note = storableText()
  .transform((value) => value.trim())
  .pipe(z.string().max(itemNoteMaxLength, `Notes are at most ${itemNoteMaxLength} characters`));

export const createCollectionInput = z.object({
  title,
  description: description.default(""),
  isPublic: z.boolean().default(false),
  /** Makes public what the privacy check found secrets or personal data in. */
  confirm: confirmShare,
});
export type CreateCollectionInput = z.infer<typeof createCollectionInput>;

export const updateCollectionInput = z
  .object({
    title: title.optional(),
    description: description.optional(),
    isPublic: z.boolean().optional(),
    confirm: confirmShare,
  })
  .refine(({ confirm: _confirm, ...input }) => Object.values(input).some((v) => v !== undefined), {
    message: "Nothing to change: send title, description or isPublic",
  });
export type UpdateCollectionInput = z.infer<typeof updateCollectionInput>;

export const addItemInput = z.object({
  promptId: z.string().max(100),
  note: note.default(""),
  confirm: confirmShare,
});

/** A note, a new place in the order (0 is first), or both. */
export const updateItemInput = z
  .object({
    note: note.optional(),
    position: z
      .number()
      .int()
      .min(0)
      .max(itemsPerCollection - 1)
      .optional(),
    confirm: confirmShare,
  })
  .refine((input) => input.note !== undefined || input.position !== undefined, {
    message: "Nothing to change: send note or position",
  });
export type UpdateItemInput = z.infer<typeof updateItemInput>;

/** `?prompt=<id>`: which of the viewer's collections hold this prompt. */
export const listCollectionsQuery = z.object({ prompt: z.uuid().optional() });
