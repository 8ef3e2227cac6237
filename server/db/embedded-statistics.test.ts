import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, expect, it } from "vitest";
import { analyseBehind, embeddedStatisticsTarget } from "./embedded-statistics.ts";

let client: PGlite;
beforeEach(async () => {
  client = await PGlite.create();
  await client.exec("create table notes (id int primary key, body text)");
});
afterEach(async () => {
  await client.close();
});

/** Writes, with their counts sent to the statistics at once rather than within the second. */
async function write(statement: string) {
  await client.exec(`${statement}; select pg_stat_force_next_flush()`);
  await client.exec("select 1");
}

async function rowsKnown() {
  const { rows } = await client.query<{ reltuples: number }>(
    "select reltuples from pg_class where relname = 'notes'",
  );
  return rows[0]?.reltuples;
}

it("analyses a table filled since its statistics were taken, and only then", async () => {
  await write("insert into notes select n, repeat('x', 100) from generate_series(1, 2000) n");
  expect(await rowsKnown()).toBeLessThan(1);
  expect(await analyseBehind(client)).toEqual(["public.notes"]);
  expect(await rowsKnown()).toBe(2000);
  // 150 changed rows are under 50 and a tenth of 2,000: nothing to do.
  await write("update notes set body = 'y' where id <= 150");
  expect(await analyseBehind(client)).toEqual([]);
  await write("insert into notes select n, 'z' from generate_series(2001, 2400) n");
  expect(await analyseBehind(client)).toEqual(["public.notes"]);
  expect(await rowsKnown()).toBe(2400);
});

it("analyses a table grown past its statistics while the database was closed", async () => {
  await write("insert into notes select n, repeat('x', 100) from generate_series(1, 2000) n");
  await analyseBehind(client);
  // Change counts start from nothing when the database opens; the table's size does not.
  await write("insert into notes select n, repeat('x', 100) from generate_series(2001, 6000) n");
  await client.exec("select pg_stat_reset()");
  expect(await analyseBehind(client)).toEqual(["public.notes"]);
  expect(await rowsKnown()).toBe(6000);
});

it("takes statistics from a sample the size of its own target, not PostgreSQL's default", async () => {
  await write("insert into notes select n, md5(n::text) from generate_series(1, 40000) n");
  await analyseBehind(client);
  const { rows } = await client.query<{ bounds: number }>(
    "select array_length(histogram_bounds::text::text[], 1) as bounds from pg_stats where tablename = 'notes' and attname = 'body'",
  );
  // A histogram of `target` buckets has target + 1 bounds; the default's has 101.
  expect(rows[0]?.bounds).toBe(embeddedStatisticsTarget + 1);
  // The setting was for the analysis alone: the session's own is as it was.
  const setting = await client.query<{ target: string }>(
    "select current_setting('default_statistics_target') as target",
  );
  expect(setting.rows[0]?.target).toBe("100");
});
