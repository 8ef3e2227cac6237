import type pg from "pg";
import type { Viewer } from "../../server/auth/viewer.ts";
import { type DatabaseHandle, openDatabase } from "../../server/db/client.ts";
import { listFolders } from "../../server/folders/list-folders.ts";
import { findPalettePrompts } from "../../server/prompts/find-palette-prompts.ts";
import { listPrompts } from "../../server/prompts/list-prompts.ts";
import { type ListPromptsQuery, listPromptsQuery } from "../../server/prompts/prompt-input.ts";
import { listTags } from "../../server/tags/list-tags.ts";
import { listTeams } from "../../server/teams/list-teams.ts";

/** A statement as the server's own code sent it, and what PostgreSQL made of it. */
export interface TeamsStatement {
  sql: string;
  params: unknown[];
  /** EXPLAIN (ANALYZE, BUFFERS), when the statement reads prompts; else its first line. */
  plan: string;
  executionMs: number;
}

export interface TeamsQuery {
  name: string;
  /** What it is judged as: a list, a search, or neither (shown only). */
  kind: "list" | "search" | "other";
  medianMs: number;
  rows: number;
  /** Statements one call sends, each explained (only for those asked). */
  statements?: TeamsStatement[];
}

export interface TeamsQueryCase {
  name: string;
  kind: TeamsQuery["kind"];
  /** Whether its statements are captured and explained. */
  explain: boolean;
  run: (db: DatabaseHandle["db"]) => Promise<number>;
}

/** People and teams the cases are about. */
export interface TeamsCast {
  person: Viewer;
  /** A bench user in no team, with a library like the person's (bench user 5). */
  control: Viewer;
  teamId: string;
  /** The cursor to the team's 21st page (after 20 pages of 24). */
  laterCursor: string;
}

const rounds = 15;
const slowRounds = 3;
const slowMs = 1000;

/** The scenario's domain operations, as the routes call them, one team and one person. */
export function teamsQueryCases(cast: TeamsCast): TeamsQueryCase[] {
  const { person, control, teamId } = cast;
  const list = (viewer: Viewer, query: Partial<ListPromptsQuery>) => async (db: Database) =>
    (await listPrompts({ db, viewer, ...listPromptsQuery.parse({ ...query }) })).items.length;
  const team = (query: Partial<ListPromptsQuery>) =>
    list(person, { scope: "team", team: teamId, ...query });
  return [
    { name: "team list, first page", kind: "list", explain: true, run: team({}) },
    {
      name: "team list, page 21 (cursor)",
      kind: "list",
      explain: true,
      run: team({ cursor: cast.laterCursor }),
    },
    {
      name: "team search common word (the)",
      kind: "search",
      explain: true,
      run: team({ q: "the" }),
    },
    {
      name: "team search rare word (Ethereum)",
      kind: "search",
      explain: true,
      run: team({ q: "Ethereum" }),
    },
    {
      name: "team search no match (qzxwvy)",
      kind: "search",
      explain: true,
      run: team({ q: "qzxwvy" }),
    },
    {
      name: "team search, best match (the), as the team page asks",
      kind: "search",
      explain: true,
      run: team({ q: "the", sort: "relevance" }),
    },
    {
      name: "team page's reads (folders, tags, teams, then the list)",
      kind: "other",
      explain: false,
      run: async (db) => {
        await Promise.all([
          listFolders({ db, viewer: person }),
          listTags({ db, viewer: person }),
          listTeams({ db, viewer: person }),
        ]);
        return team({})(db);
      },
    },
    {
      name: "teams of the person (GET /api/v1/teams)",
      kind: "list",
      explain: true,
      run: async (db) => (await listTeams({ db, viewer: person })).items.length,
    },
    {
      name: "personal list, the person (in 50 teams)",
      kind: "list",
      explain: true,
      run: list(person, { scope: "personal" }),
    },
    {
      name: "personal list, bench user 5 (in no team)",
      kind: "list",
      explain: false,
      run: list(control, { scope: "personal" }),
    },
    {
      name: "community list, the person",
      kind: "list",
      explain: true,
      run: list(person, { scope: "community" }),
    },
    {
      name: "community list, bench user 5 (in no team)",
      kind: "list",
      explain: false,
      run: list(control, { scope: "community" }),
    },
    ...[
      ["the person", person],
      ["bench user 5 (in no team)", control],
    ].map(
      ([who, viewer]): TeamsQueryCase => ({
        name: `palette search (the), ${who}`,
        kind: "search",
        explain: false,
        run: async (db) => {
          const answer = await findPalettePrompts({ db, viewer: viewer as Viewer, q: "the" });
          return answer.own.length + answer.community.length;
        },
      }),
    ),
  ];
}

type Database = DatabaseHandle["db"];

/**
 * Each case's median time through the domain operation (round after round of all of them, so a
 * slow moment of a shared machine falls on all), then, for those asked, the statements one call
 * sends, captured from the driver, each explained with its own parameters.
 */
export async function timeTeamsQueries(
  url: string,
  cases: TeamsQueryCase[],
): Promise<TeamsQuery[]> {
  let sink: { sql: string; params: unknown[] }[] | null = null;
  const handle = await openDatabase(
    { driver: "postgres", url, poolSize: 4 },
    {
      onQuery: (sql: string, params?: unknown[]) => {
        sink?.push({ sql, params: params ?? [] });
      },
    },
  );
  if (handle.driver !== "postgres") throw new Error("the teams scenario runs on PostgreSQL");
  const { pool } = handle;
  // What a statement really costs, past the server's statement timeout (which cancels it there:
  // the 500s of the rows under load).
  pool.on("connect", (client) => {
    client.query("SET statement_timeout = 0").catch(() => {});
  });
  try {
    const times = cases.map(() => [] as number[]);
    const rows = cases.map(() => 0);
    for (const item of cases) await item.run(handle.db);
    for (let round = 0; round < rounds; round++) {
      for (const [i, item] of cases.entries()) {
        const taken = times[i] ?? [];
        // A case of seconds is timed three times: fifteen would take minutes.
        if (taken.length >= slowRounds && median(taken) > slowMs) continue;
        const started = performance.now();
        rows[i] = await item.run(handle.db);
        taken.push(performance.now() - started);
      }
    }
    const results: TeamsQuery[] = [];
    for (const [i, item] of cases.entries()) {
      const result: TeamsQuery = {
        name: item.name,
        kind: item.kind,
        medianMs: median(times[i] ?? []),
        rows: rows[i] ?? 0,
      };
      if (item.explain) {
        const captured: { sql: string; params: unknown[] }[] = [];
        sink = captured;
        await item.run(handle.db);
        sink = null;
        result.statements = [];
        for (const statement of captured) {
          result.statements.push({ ...statement, ...(await explain(pool, statement)) });
        }
      }
      results.push(result);
    }
    return results;
  } finally {
    await handle.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement, on the pool or a transaction's client. */
async function explain(
  runner: pg.Pool | pg.ClientBase,
  statement: { sql: string; params: unknown[] },
) {
  const { rows } = await runner.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
    statement.params,
  );
  const lines = rows.map((row) => row["QUERY PLAN"]);
  const executed = lines.find((line) => line.startsWith("Execution Time"));
  const executionMs = Number(/([\d.]+) ms/.exec(executed ?? "")?.[1] ?? Number.NaN);
  return { plan: readsPrompts(statement.sql) ? lines.join("\n") : (lines[0] ?? ""), executionMs };
}

/** Whether a statement reads the prompts table (its plan is the one worth reading whole). */
function readsPrompts(sql: string) {
  return /\b(from|join)\s+"prompts"/i.test(sql);
}

function median(values: number[]) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
