import { and, eq, sql } from "drizzle-orm";
import { titleAndCategory } from "../../shared/prompt.ts";
import { type TopicCategory, topics } from "../../shared/topics.ts";
import { upsertAccount } from "../auth/accounts.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { applyImport } from "./import-library.ts";
import type { ImportLimits } from "./import-rules.ts";
import { parseImport } from "./parse-import.ts";
import { topicOf } from "./topic-rules.ts";

/** The account the demo prompts are shared by. */
export const communityIdentity = {
  issuer: "https://promptshelf.local/seed",
  subject: "community",
  email: "community@promptshelf.example",
  name: "PromptShelf Community",
  avatarUrl: null,
};

const thirtyDays = 30 * 24 * 60 * 60 * 1000;

/**
 * `npm run seed`: shares a prompts.chat-style CSV as "PromptShelf Community", dated evenly over
 * the 30 days before `now` in the file's order, each filed under its topic library by
 * topic-rules.ts as it is added (title and use case stay the file's): filing is part of adding
 * the prompt, so it makes no version. Safe to run again: prompts already there are skipped.
 */
export async function seedCommunity(options: {
  db: Database;
  csv: string;
  limits: ImportLimits;
  now?: Date;
}) {
  const { db } = options;
  const now = (options.now ?? new Date()).getTime();
  const { userId } = await upsertAccount(db, communityIdentity);
  const parsed = await parseImport(options.csv, options.limits);
  const count = parsed.prompts.length;
  parsed.prompts = parsed.prompts.map((prompt, index) => ({
    ...prompt,
    shared: true,
    createdAt: new Date(now - Math.round((thirtyDays * (count - index)) / count)),
    topic: topicOf(titleAndCategory(prompt.useCase).title, prompt.promptText) ?? undefined,
  }));
  const viewer = {
    userId,
    email: communityIdentity.email,
    name: communityIdentity.name,
    avatarUrl: null,
    username: null,
    isAdmin: false,
  };
  // The demo prompts are public already (CC0) and were reviewed against the privacy check
  // (decision 0016), so the seed shares them without asking.
  const report = await applyImport({ db, viewer, parsed, dryRun: false, confirm: true });
  return { ...report, filed: await filedUnderTopics(db, userId) };
}

/** How many of the account's shared prompts each topic library holds. */
async function filedUnderTopics(db: Database, userId: string) {
  const rows = await db
    .select({ category: prompts.category, count: sql<number>`count(*)::int` })
    .from(prompts)
    .where(and(eq(prompts.userId, userId), sql`${prompts.isShared}`))
    .groupBy(prompts.category);
  const filed = new Map(rows.map((row) => [row.category, row.count]));
  return Object.fromEntries(
    topics.map(({ category }) => [category, filed.get(category) ?? 0]),
  ) as Record<TopicCategory, number>;
}
