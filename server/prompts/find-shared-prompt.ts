import { and, between, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { PublicPrompt } from "../../shared/prompt.ts";
import { uuidRange } from "../../shared/public-address.ts";
import type { Database } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { gonePrompts, prompts } from "../db/schema.ts";
import { toPublicPrompt } from "./list-public-prompts.ts";
import { sharedNow } from "./prompt-access.ts";
import {
  pageStamp,
  profileColumns,
  publicCreator,
  selectPrompts,
  selectWholePrompts,
} from "./prompt-view.ts";

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
  | {
      status: "shared";
      prompt: PublicPrompt;
      /** What the page shows of it, for a stored copy (pageStamp); a whole read's only. */
      stamp: string | undefined;
      ownerId: string | null;
      /** Its creator as public pages name them; null once their account is gone. */
      creator: ReturnType<typeof publicCreator> | null;
    }
  | { status: "gone" }
  | { status: "missing" }
> {
  const range = uuidRange(options.short);
  if (!range) return { status: "missing" };
  const statement = options.excerpt ? sharedExcerpt : sharedWhole;
  const [row] = await statement(options.db).execute(range);
  if (row) {
    const creator = row.userId ? publicCreator(row) : null;
    const stamp = "stamp" in row ? row.stamp : undefined;
    return { status: "shared", prompt: toPublicPrompt(row), stamp, ownerId: row.userId, creator };
  }
  const [gone] = await goneStatement(options.db).execute(range);
  return gone ? { status: "gone" } : { status: "missing" };
}

/** The prompt ids an address's short id stands for: from and to. */
const inRange = (column: typeof prompts.id | typeof gonePrompts.id) =>
  between(column, sql.placeholder("from"), sql.placeholder("to"));

/** The shared prompt the range holds (an address's short id names at most one). */
const sharedIn = <Query extends PgSelect>(query: Query) =>
  query
    .where(and(inRange(prompts.id), sharedNow()))
    .orderBy(prompts.id)
    .limit(1);

const sharedWhole = prepared((db) =>
  sharedIn(
    selectWholePrompts(db, null, { ...profileColumns, stamp: pageStamp }).$dynamic(),
  ).prepare("shared_prompt"),
);

const sharedExcerpt = prepared((db) =>
  sharedIn(selectPrompts(db, null, profileColumns).$dynamic()).prepare("shared_prompt_excerpt"),
);

const goneStatement = prepared((db) =>
  db
    .select({ id: gonePrompts.id })
    .from(gonePrompts)
    .where(inRange(gonePrompts.id))
    .limit(1)
    .prepare("gone_prompt"),
);
