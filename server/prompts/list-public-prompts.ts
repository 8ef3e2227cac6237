import { and } from "drizzle-orm";
import type { PublicPrompt } from "../../shared/prompt.ts";
import type { Database } from "../db/client.ts";
import { inTopic } from "./list-filters.ts";
import { sortKeys } from "./list-order.ts";
import { sharedNow } from "./prompt-access.ts";
import { selectPrompts, toPrompt } from "./prompt-view.ts";

/**
 * The newest community prompts in a topic, for pages anyone can read: shared prompts only, no
 * viewer, and an excerpt of each text (the list read), so the page stays light.
 */
export async function listPublicPrompts(options: {
  db: Database;
  category: string;
  limit: number;
}) {
  const rows = await selectPrompts(options.db, null)
    .where(and(sharedNow(), inTopic(options.category)))
    .orderBy(...sortKeys("newest"))
    .limit(options.limit);
  return rows.map(toPublicPrompt);
}

/** A prompt for anyone to read, from a row read as an excerpt: nothing viewer-specific. */
export function toPublicPrompt(row: Parameters<typeof toPrompt>[0]): PublicPrompt {
  const {
    isOwn: _isOwn,
    isFavourite: _isFavourite,
    tags: _tags,
    folderId: _folderId,
    pinned: _pinned,
    upstream: _upstream,
    teamId: _teamId,
    ...prompt
  } = toPrompt(row, null);
  return prompt;
}

export type { PublicPrompt };
