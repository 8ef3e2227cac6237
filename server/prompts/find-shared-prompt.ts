import { and, between, sql } from "drizzle-orm";
import type { PublicPrompt } from "../../shared/prompt.ts";
import { uuidRange } from "../../shared/public-address.ts";
import type { Database } from "../db/client.ts";
import { gonePrompts, prompts } from "../db/schema.ts";
import { toPublicPrompt } from "./list-public-prompts.ts";
import { selectPrompts, selectWholePrompts } from "./prompt-view.ts";

/**
 * A shared prompt by its address's short id (shared/public-address.ts), for pages anyone can
 * read: "shared" with the prompt and its owner's id, "gone" once a shared prompt with that id
 * was deleted, else "missing". A personal prompt is missing, exactly as an id that never existed
 * is: the same two primary-key lookups answer both, and neither says more.
 */
export async function findSharedPrompt(options: {
  db: Database;
  short: string;
  /** Only the start of the text (a list's excerpt): enough for a social image. */
  excerpt?: boolean;
}): Promise<
  | { status: "shared"; prompt: PublicPrompt; ownerId: string | null }
  | { status: "gone" }
  | { status: "missing" }
> {
  const range = uuidRange(options.short);
  if (!range) return { status: "missing" };
  const inRange = (column: typeof prompts.id | typeof gonePrompts.id) =>
    between(column, range.from, range.to);
  const select = options.excerpt ? selectPrompts : selectWholePrompts;
  const [row] = await select(options.db, null)
    .where(and(inRange(prompts.id), sql`${prompts.isShared}`))
    .orderBy(prompts.id)
    .limit(1);
  if (row) return { status: "shared", prompt: toPublicPrompt(row), ownerId: row.userId };
  const [gone] = await options.db
    .select({ id: gonePrompts.id })
    .from(gonePrompts)
    .where(inRange(gonePrompts.id))
    .limit(1);
  return gone ? { status: "gone" } : { status: "missing" };
}
