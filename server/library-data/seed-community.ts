import { and, eq, inArray, sql } from "drizzle-orm";
import { type TopicCategory, topics } from "../../shared/topics.ts";
import { upsertAccount } from "../auth/accounts.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { applyImport } from "./import-library.ts";
import type { ImportLimits } from "./import-rules.ts";
import { parseImport } from "./parse-import.ts";
import { topicOf, topicOpening } from "./topic-rules.ts";

/** The account the demo prompts are shared by. */
export const communityIdentity = {
  issuer: "https://promptshelf.local/seed",
  subject: "community",
  email: "community@promptshelf.example",
  name: "PromptShelf Community",
  avatarUrl: null,
};

const thirtyDays = 30 * 24 * 60 * 60 * 1000;
const updateBatch = 1000;

/**
 * `npm run seed`: shares a prompts.chat-style CSV as "PromptShelf Community", dated evenly over
 * the 30 days before `now` in the file's order, then files the account's prompts under the topic
 * libraries by topic-rules.ts (title and use case stay the file's). Safe to run again: prompts
 * already there are skipped, and filing them again changes nothing.
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
  return { ...report, filed: await fileUnderTopics(db, userId) };
}

/** Puts each of the account's shared prompts that names a topic into that topic's category. */
async function fileUnderTopics(db: Database, userId: string) {
  const rows = await db
    .select({
      id: prompts.id,
      title: prompts.title,
      opening: sql<string>`left(${prompts.promptText}, ${topicOpening})`,
    })
    .from(prompts)
    .where(and(eq(prompts.userId, userId), sql`${prompts.isShared}`));
  const filed = new Map<TopicCategory, string[]>();
  for (const row of rows) {
    const topic = topicOf(row.title, row.opening);
    if (topic) filed.set(topic, [...(filed.get(topic) ?? []), row.id]);
  }
  for (const [topic, ids] of filed) {
    for (let start = 0; start < ids.length; start += updateBatch) {
      await db
        .update(prompts)
        .set({ category: topic })
        .where(
          and(
            inArray(prompts.id, ids.slice(start, start + updateBatch)),
            sql`${prompts.category} is distinct from ${topic}`,
          ),
        );
    }
  }
  return Object.fromEntries(
    topics.map(({ category }) => [category, filed.get(category)?.length ?? 0]),
  ) as Record<TopicCategory, number>;
}
