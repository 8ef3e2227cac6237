import { and, asc, desc, eq, gt, inArray, lt, ne, type SQL } from "drizzle-orm";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { arrangedLibrary } from "./arranged-library.ts";
import { keyBetween } from "./order-key.ts";
import { requireViewer } from "./prompt-access.ts";
import type { PositionInput } from "./prompt-input.ts";

/**
 * Moves one of the viewer's own prompts in their manual order: just before `before`, just after
 * `after`, or between the two. Its new key lies between its new neighbours' keys, so the move
 * writes its own row alone and takes no lock on any other: two moves at once cannot wait on each
 * other (two moves into one gap may draw the same key; their ids then order them). Given one
 * neighbour, the other is its neighbour in the whole library, so the prompt lands next to it in
 * the library and in any folder alike. A team's prompt moves in the team's order, by its editors.
 */
export async function movePrompt(
  options: { db: Database; viewer: Viewer | null; id: string } & PositionInput,
) {
  const viewer = requireViewer(options.viewer);
  const library = await arrangedLibrary(options.db, viewer, options.id);
  const named = [options.before, options.after].filter((id): id is string => id !== undefined);
  if (named.includes(options.id)) {
    throw new AppError("invalid_input", "A prompt cannot move next to itself");
  }
  const rows = await options.db
    .select({ id: prompts.id, position: prompts.position })
    .from(prompts)
    .where(and(inArray(prompts.id, named), library));
  const keyOf = (id: string | undefined) => {
    if (id === undefined) return undefined;
    const row = rows.find((found) => found.id === id);
    if (!row) throw new AppError("not_found", "Prompt not found", "prompt_not_found");
    return row.position;
  };
  const high =
    keyOf(options.before) ?? (await neighbour(options, library, keyOf(options.after), "after"));
  const low = keyOf(options.after) ?? (await neighbour(options, library, high, "before"));
  if (low !== null && high !== null && low >= high) {
    throw new AppError("invalid_input", "`after` must come before `before` in your order");
  }
  await options.db
    .update(prompts)
    .set({ position: keyBetween(low, high) })
    .where(eq(prompts.id, options.id));
}

/** The key next to `key` in the prompt's library (leaving out the prompt moved); null at an end. */
async function neighbour(
  options: { db: Database; id: string },
  library: SQL,
  key: string | null | undefined,
  side: "before" | "after",
) {
  if (key === null || key === undefined) return null;
  const [row] = await options.db
    .select({ position: prompts.position })
    .from(prompts)
    .where(
      and(
        ne(prompts.id, options.id),
        side === "after" ? gt(prompts.position, key) : lt(prompts.position, key),
        library,
      ),
    )
    .orderBy(side === "after" ? asc(prompts.position) : desc(prompts.position))
    .limit(1);
  return row?.position ?? null;
}
