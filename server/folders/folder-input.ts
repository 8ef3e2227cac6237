import { z } from "zod";
import { folderNameMaxLength } from "../../shared/prompt.ts";
import { storableText } from "../validation.ts";

export const folderName = storableText()
  .transform((name) => name.trim())
  .pipe(
    z
      .string()
      .min(1, "Folder names cannot be empty")
      .max(folderNameMaxLength, `Folder names are at most ${folderNameMaxLength} characters`),
  );

const folderId = z.uuid("must be a folder id");

export const createFolderInput = z.object({
  name: folderName,
  parentId: folderId.nullable().default(null),
});
export type CreateFolderInput = z.infer<typeof createFolderInput>;

export const updateFolderInput = z
  .object({ name: folderName.optional(), parentId: folderId.nullable().optional() })
  .refine((input) => input.name !== undefined || input.parentId !== undefined, {
    message: "Nothing to change: send name or parentId",
  });
export type UpdateFolderInput = z.infer<typeof updateFolderInput>;

/** What happens to a deleted folder's prompts (and subfolders): up to its parent, or gone too. */
export const folderDeletion = z.enum(["move", "delete"]);

export const fileInput = z.object({ folderId: folderId.nullable() });
