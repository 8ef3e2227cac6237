import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { assertCanChange, promptOwnership, requireViewer } from "./prompt-access.ts";

/** Deletes your own prompt, or (administrators) any prompt. */
export async function deletePrompt(options: { db: Database; viewer: Viewer | null; id: string }) {
  const viewer = requireViewer(options.viewer);
  assertCanChange(await promptOwnership(options.db, options.id), viewer);
  await options.db.delete(prompts).where(eq(prompts.id, options.id));
}
