import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "./client.ts";
import { rowsOf } from "./rows.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/**
 * Tables whose changes nothing kept in memory depends on, each with its reason. Any other table
 * must announce its changes on cache_changes (drizzle/0007_cache-invalidation.sql), or a page
 * kept in memory could show it stale.
 */
const exempt: Record<string, string> = {
  sign_in_attempts: "the state of a sign-in in progress; no page shows it",
  rate_limits: "request counts; no page shows them",
  library_usage: "counts kept by triggers on prompts, folders and tags, which announce themselves",
  team_usage: "a team's counts kept by triggers on prompts, which announce themselves",
  prompt_copies: "one row per copy per day; the count it moves is on prompts, which announces",
  oauth_clients: "an MCP client's registration; no kept answer shows it",
  oauth_codes: "a consent between its page and the code's exchange; no kept answer shows it",
  import_runs: "an import in progress; shown only on /settings, which is never kept",
  gone_prompts:
    "written only by the statement that deletes its shared prompt, which announces; read by public prompt pages, which are tagged with their prompt",
  daily_prompts:
    "the day's prompt, read through the highlights kept a minute; kept pages live a minute",
  stored_pages: "rendered pages themselves, written by the page cache; no kept answer shows it",
  library_limits:
    "the deployment's limits, written as an instance starts; only refusals quote them, never kept",
  model_connections: "a person's model connections; only the workbench's own requests read them",
  prompt_runs: "runs of a prompt, read by the workbench's API alone; no kept answer shows them",
  prompt_tests: "a prompt's test cases, read by the workbench's API alone",
  prompt_test_results: "test outcomes, read by the workbench's API and the history alone",
  team_invitations: "a team's invitations, read by its owners through the API alone, never kept",
  team_activity: "a team's log, read through the API alone, never kept",
};

it("every table announces its changes to kept answers, or says why it need not", async () => {
  const result = await database.db.execute(sql`
    SELECT t.table_name,
      EXISTS (
        SELECT 1 FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid
        WHERE g.tgrelid = format('%I.%I', t.table_schema, t.table_name)::regclass
          AND NOT g.tgisinternal AND p.proname LIKE 'cache\\_%'
      ) AS announces
    FROM information_schema.tables t
    WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'`);
  const tables = rowsOf<{ table_name: string; announces: boolean }>(result);
  expect(tables.length).toBeGreaterThan(10);
  const silent = tables.filter((t) => !t.announces && !(t.table_name in exempt));
  expect(silent.map((t) => t.table_name)).toEqual([]);
  // An exemption outlives its reason once the table announces, or is gone.
  const stale = Object.keys(exempt).filter(
    (name) => !tables.some((t) => t.table_name === name && !t.announces),
  );
  expect(stale).toEqual([]);
});
