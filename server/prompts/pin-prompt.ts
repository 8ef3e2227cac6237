import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { arrangedLibrary } from "./arranged-library.ts";
import { requireViewer } from "./prompt-access.ts";

/** The most prompts a library may pin: a list starts with all of them (list-prompts.ts). */
export const pinsPerPerson = 100;

/**
 * Pins one of the viewer's own prompts to the top of their library and its folder (or, for a
 * team's editors, a team's prompt to the top of the team's library), or unpins it. Pinning a
 * pinned prompt (or unpinning an unpinned one) changes nothing.
 */
export async function pinPrompt(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
  pinned: boolean;
}) {
  const viewer = requireViewer(options.viewer);
  const library = await arrangedLibrary(options.db, viewer, options.id);
  if (options.pinned) {
    const [pins] = await options.db
      .select({ n: count() })
      .from(prompts)
      .where(and(library, isNotNull(prompts.pinnedAt)));
    if ((pins?.n ?? 0) >= pinsPerPerson) {
      throw new AppError("invalid_input", `Pin at most ${pinsPerPerson} prompts`);
    }
  }
  await options.db
    .update(prompts)
    .set({ pinnedAt: options.pinned ? sql`coalesce(${prompts.pinnedAt}, now())` : null })
    .where(eq(prompts.id, options.id));
}
