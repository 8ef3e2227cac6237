import type { DatabaseHandle } from "../../server/db/client.ts";
import { topics } from "../../shared/topics.ts";
import { samplePrompts } from "./sample-prompts.ts";

const textLength = 600;
const userCount = 200;
const batch = 100_000;

/** Runs raw SQL with parameters on either driver. */
export async function query<T = Record<string, unknown>>(
  handle: DatabaseHandle,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (handle.driver === "pglite") return (await handle.client.query<T>(text, params)).rows;
  return (await handle.pool.query(text, params)).rows as T[];
}

/**
 * Fills the database with `count` prompts shaped like the real ones (each cut to 600 characters
 * and made unique), from 200 users, three in four shared, one in five in a topic, one a second
 * apart. Indexes are dropped during the load and rebuilt after, then statistics refreshed.
 */
export async function seedLibrary(
  handle: DatabaseHandle,
  count: number,
  log: (line: string) => void = () => {},
) {
  const samples = samplePrompts();
  await query(handle, "CREATE TEMP TABLE bench_sample (n int PRIMARY KEY, act text, body text)");
  for (let start = 0; start < samples.length; start += 200) {
    const rows = samples.slice(start, start + 200);
    const values = rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(", ");
    await query(
      handle,
      `INSERT INTO bench_sample VALUES ${values}`,
      rows.flatMap((row, i) => [start + i, row.act.slice(0, 35), row.prompt.slice(0, textLength)]),
    );
  }
  await query(
    handle,
    `INSERT INTO users (issuer, subject, email, name)
     SELECT 'https://bench.local', 'bench-' || g, 'bench' || g || '@example.com', 'Bench User ' || g
     FROM generate_series(1, ${userCount}) g ON CONFLICT DO NOTHING`,
  );
  await query(
    handle,
    "CREATE TEMP TABLE bench_users AS SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE issuer = 'https://bench.local'",
  );

  const indexes = await query<{ indexname: string; indexdef: string }>(
    handle,
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'prompts' AND indexname <> 'prompts_pkey'",
  );
  for (const index of indexes) await query(handle, `DROP INDEX ${index.indexname}`);

  const topicList = `ARRAY[${topics.map((topic) => `'${topic.category}'`).join(",")}]`;
  const started = Date.now();
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await query(
      handle,
      `INSERT INTO prompts (title, prompt_text, category, user_id, is_shared, created_at, updated_at)
       SELECT category, body || ' (variant ' || g || ')', category, u.id, g % 4 <> 0, at, at
       FROM (
         SELECT g, s.body,
           CASE WHEN g % 5 = 0 THEN (${topicList})[1 + (g / 5) % ${topics.length}] ELSE lower(s.act) END AS category,
           now() - (${count} - g) * interval '1 second' AS at
         FROM generate_series(${from}, ${to}) g
         JOIN bench_sample s ON s.n = g % ${samples.length}
       ) generated
       JOIN bench_users u ON u.n = 1 + generated.g % ${userCount}`,
    );
    log(
      `  inserted ${to.toLocaleString("en-US")} prompts (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  for (const index of indexes) {
    const indexStarted = Date.now();
    await query(handle, index.indexdef);
    log(`  rebuilt ${index.indexname} (${((Date.now() - indexStarted) / 1000).toFixed(1)} s)`);
  }
  await query(handle, "VACUUM ANALYZE prompts");
  await query(handle, "DROP TABLE bench_sample");
  await query(handle, "DROP TABLE bench_users");
}
