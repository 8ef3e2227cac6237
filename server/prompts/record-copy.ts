import { eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { requireViewer } from "./prompt-access.ts";
import { requireVisiblePrompt } from "./require-visible.ts";

/** Counts one copy of a prompt the viewer can see ("most copied" sorts on the count). */
export async function recordCopy(options: { db: Database; viewer: Viewer | null; id: string }) {
  const viewer = requireViewer(options.viewer);
  await requireVisiblePrompt(options.db, viewer, options.id);
  await options.db
    .update(prompts)
    .set({ copyCount: sql`${prompts.copyCount} + 1` })
    .where(eq(prompts.id, options.id));
}
