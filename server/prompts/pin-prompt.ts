import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertOwn, ownedBy, promptOwnership, requireViewer } from "./prompt-access.ts";

/** The most prompts one person may pin: a list starts with all of them (list-prompts.ts). */
export const pinsPerPerson = 100;

/**
 * Pins one of the viewer's own prompts to the top of their library and its folder, or unpins
 * it. Pinning a pinned prompt (or unpinning an unpinned one) changes nothing.
 */
export async function pinPrompt(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  pinned: boolean;
}) {
  const viewer = requireViewer(options.viewer);
  assertOwn(await promptOwnership(options.db, options.id, viewer), viewer);
  if (options.pinned) {
    const [pins] = await options.db
      .select({ n: count() })
      .from(prompts)
      .where(and(ownedBy(viewer), isNotNull(prompts.pinnedAt)));
    if ((pins?.n ?? 0) >= pinsPerPerson) {
      throw new AppError("invalid_input", `Pin at most ${pinsPerPerson} prompts`);
    }
  }
  await options.db
    .update(prompts)
    .set({ pinnedAt: options.pinned ? sql`coalesce(${prompts.pinnedAt}, now())` : null })
    .where(eq(prompts.id, options.id));
}
