import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PromptPage } from "../../app/lib/prompt.ts";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { closeTestApps, createTestApp } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { listStatement } from "./list-prompts.ts";
import { listPromptsQuery } from "./prompt-input.ts";

// PostgreSQL only: the plan PostgreSQL picks for a community search. Measured on 1,000,000
// prompts, a rare word goes through the trigram index and a common word walks the newest-first
// index; generated tables give the same plans from a few thousand rows up. 30,000 rows is the most
// ANALYZE reads in full (300 x the default statistics target), so with a seeded generator the
// statistics, and so the plans, are the same on every run.
const bulkRows = 30_000;

/** Common prompt vocabulary; "the" twice, as English leans on it. */
const vocabulary =
  "the the a an and of to in for with on your you that this is be as it are write create " +
  "explain list give me my about from by or at what how make step each can will should use " +
  "using summary summarise email blog post article story poem short long simple clear friendly " +
  "professional tone style audience reader customer product team project plan ideas code " +
  "function python javascript sql data table report business marketing social media tweet " +
  "headline title outline draft review improve rewrite edit translate into english spanish " +
  "french language words sentences paragraph points bullet examples example format question " +
  "answer help best tips guide beginner expert detailed brief concise persona role act " +
  "assistant teacher student lesson topic research analysis compare pros cons strategy goals " +
  "week month daily schedule recipe travel health fitness budget finance meeting notes letter " +
  "cover resume job interview";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let viewer: Viewer;
let cookie: string;
let sent: string[] = [];
/** The community prompts that mention "Ethereum", newest first. */
const ethereumPrompts: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (statement) => sent.push(statement) });
  const { db } = database;
  app = await createTestApp({ db });
  const user = await createUser(db);
  viewer = {
    userId: user.id,
    email: user.email,
    name: user.name,
    avatarUrl: null,
    username: null,
    isAdmin: false,
  };
  cookie = await signedInCookie(db, user.id);
  const owners: string[] = [];
  for (let i = 0; i < 20; i++) owners.push((await createUser(db)).id);

  await db.transaction(async (tx) => {
    // setseed holds for this connection only, hence the transaction.
    await tx.execute(sql`select setseed(0.25)`);
    await tx.execute(sql`
      with vocabulary as (select string_to_array(${vocabulary}, ' ') as words),
        owners as (select string_to_array(${owners.join(" ")}, ' ')::uuid[] as ids)
      insert into ${prompts} (title, prompt_text, category, user_id, is_shared, created_at, updated_at)
      select initcap(split_part(body, ' ', 1) || ' ' || split_part(body, ' ', 2)), body,
        case when g % 3 = 0 then null
          else (array['Writing', 'Coding', 'Marketing', 'Education', 'Business', 'Productivity',
            'Research', 'Health', 'Travel', 'Finance'])[1 + g % 10] end,
        owners.ids[1 + g % 20], g % 10 < 6,
        now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, ${bulkRows}::int) g, vocabulary, owners,
        lateral (
          select string_agg(words[1 + floor(random() * cardinality(words))::int + 0 * n], ' ') as body
          from generate_series(1, 15 + g % 40) n
        ) text`);
  });

  // Older than every generated row, so a newest-first walk would have to read the whole index.
  const daysAgo = (days: number) => new Date(Date.now() - (30 + days) * 24 * 60 * 60 * 1000);
  const rows = [
    { promptText: "Explain how Ethereum smart contracts work to a beginner", category: null },
    { promptText: "Write a short blog post about ethereum gas fees", category: "Finance" },
    { promptText: "Summarise this week in crypto news", category: "Ethereum tips" },
  ];
  for (const [index, row] of rows.entries()) {
    const userId = owners[index] ?? null;
    const prompt = await createPrompt(db, {
      ...row,
      userId,
      isShared: true,
      createdAt: daysAgo(index),
    });
    ethereumPrompts.push(prompt.id);
  }
  // Personal, so never in a community search.
  await createPrompt(db, {
    userId: owners[0] ?? null,
    promptText: "My Ethereum wallet checklist",
    isShared: false,
    createdAt: daysAgo(0),
  });

  // What autovacuum would have done by now: statistics, and the trigram index's pending list
  // merged (a plain ANALYZE leaves the GIN statistics the planner reads untouched).
  await db.execute(sql`vacuum analyze ${prompts}, users, profiles`);
});

afterAll(async () => {
  await closeTestApps();
  await database.close();
});

/**
 * A community search through the API, and the plan of the statement it sent. pg sends it
 * unnamed, so PostgreSQL plans it for these very parameters, as EXPLAIN does here.
 */
async function search(q: string) {
  if (database.driver !== "postgres") throw new Error("this suite runs on PostgreSQL");
  const statement = listStatement({
    db: database.db,
    viewer,
    ...listPromptsQuery.parse({ scope: "community", q }),
  }).toSQL();
  sent = [];
  const res = await app.request(`/api/v1/prompts?scope=community&q=${encodeURIComponent(q)}`, {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  const page = (await res.json()) as PromptPage;
  expect(sent, "the API sent this statement").toContain(statement.sql);

  const { rows } = await database.pool.query<{
    "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }];
  }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.params);
  const [explained] = rows[0]?.["QUERY PLAN"] ?? [];
  if (!explained) throw new Error("no plan");
  // How the plan reads the prompts table: its scans, and the scans of its indexes.
  const scans = nodes(explained.Plan).filter(
    (node) => node["Relation Name"] === "prompts" || node["Index Name"]?.startsWith("prompts_"),
  );
  const kinds = scans.map(label);
  console.info(`search "${q}": ${kinds.join(", ")}; ${explained["Execution Time"]} ms`);
  return { page, plan: explained.Plan, scans, kinds };
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

function label(node: PlanNode) {
  const target = node["Index Name"] ?? node["Relation Name"];
  return `${node["Node Type"]} ${target}`;
}

/** Found through the trigram index: no full read of the table, no walk of a date index. */
function expectTrigramLookup(kinds: string[]) {
  expect(kinds).toContain("Bitmap Index Scan prompts_text_trgm_idx");
  expect(kinds).not.toContain("Seq Scan prompts");
  expect(kinds.filter((kind) => kind.startsWith("Index Scan "))).toEqual([]);
}

it("finds a rare word through the trigram index, with every community match", async () => {
  const { page, kinds } = await search("Ethereum");

  expectTrigramLookup(kinds);
  expect(page.items.map((item) => item.id)).toEqual(ethereumPrompts);
});

it("rules out a word that matches nothing through the trigram index", async () => {
  const { page, kinds } = await search("Xylophone");

  expectTrigramLookup(kinds);
  expect(page.items).toEqual([]);
});

it("walks the newest-first index for a common word and stops after one page", async () => {
  const { page, plan, scans, kinds } = await search("the");

  expect(plan["Node Type"]).toBe("Limit");
  expect(kinds).toEqual(["Index Scan prompts_community_idx"]);
  const [walk] = scans;
  const read = (walk?.["Actual Rows"] ?? 0) + (walk?.["Rows Removed by Filter"] ?? 0);
  expect(read).toBeLessThan(bulkRows / 20);
  expect(page.items).toHaveLength(24);
  for (const item of page.items) {
    expect(`${item.promptText} ${item.category}`.toLowerCase()).toContain("the");
  }
});
