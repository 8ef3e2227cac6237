import { z } from "zod";
import {
  displayNameMaxLength,
  handleMaxLength,
  handleMinLength,
  handlePattern,
  reservedHandles,
} from "../../shared/profile.ts";
import { confirmShare } from "../prompts/prompt-input.ts";
import { storableText, withDetail } from "../validation.ts";

/** A handle as typed: trimmed and lower-cased, then held to the rules in shared/profile.ts. */
export const handle = storableText()
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(handleMinLength, `Handles are at least ${handleMinLength} characters`)
      .max(handleMaxLength, `Handles are at most ${handleMaxLength} characters`)
      .regex(handlePattern, "Handles use only a-z, 0-9, _ and -")
      .refine(
        (value) => !reservedHandles.has(value),
        withDetail("handle_reserved", "This handle is reserved: please choose another"),
      ),
  );

const displayName = storableText()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, "Display names cannot be empty")
      .max(displayNameMaxLength, `Display names are at most ${displayNameMaxLength} characters`),
  );

export const profileSettingsInput = z
  .object({
    isPublic: z.boolean(),
    handle: handle.nullable(),
    displayName: displayName.nullable(),
    showAvatar: z.boolean(),
    /** Makes public what the privacy check found secrets or personal data in. */
    confirm: confirmShare,
  })
  .refine((input) => !input.isPublic || (input.handle !== null && input.displayName !== null), {
    message: "A public profile needs a handle and a display name",
  });
export type ProfileSettingsInput = z.infer<typeof profileSettingsInput>;
