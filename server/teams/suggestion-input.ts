import { z } from "zod";
import { suggestionNoteMaxLength } from "../../shared/suggestions.ts";
import { confirmShare, promptTextSchema } from "../prompts/prompt-input.ts";
import { storableText } from "../validation.ts";

/** A suggestion's note: trimmed, at most 500 characters; empty is none. */
const note = storableText()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(suggestionNoteMaxLength, `Keep the note to ${suggestionNoteMaxLength} characters`),
  )
  .transform((value) => (value === "" ? null : value));

/** A suggested change: the new text (within the prompt text limit) and a note on it. */
export const suggestionInput = z.object({
  promptText: promptTextSchema,
  note: note
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});

/** Accepting: `confirm` publishes, on a shared prompt, what the privacy check found. */
export const acceptInput = z.object({ confirm: confirmShare });
