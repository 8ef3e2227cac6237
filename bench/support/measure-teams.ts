import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Viewer } from "../../server/auth/viewer.ts";
import { openDatabase } from "../../server/db/client.ts";
import { projectRoot } from "../../server/project-root.ts";
import { encodeCursor } from "../../server/prompts/list-cursor.ts";
import { signedInCookie } from "../../tests/support/factories.ts";
import { browserHeaders } from "../../tests/support/raw-request.ts";
import type { BenchOptions } from "./bench-options.ts";
import { benchServerEnv, loadUrlOf, withServer } from "./bench-server.ts";
import { startCeiling } from "./ceiling.ts";
import { machine } from "./machine.ts";
import { warmupSeconds } from "./measure-target.ts";
import { cpuPerRequest, errorCount } from "./run-load.ts";
import { query } from "./seed-library.ts";
import {
  comparedPeople,
  defaultTeamsLayout,
  promptsOf,
  type TeamsLayout,
  teamsDatabase,
} from "./teams-library.ts";
import { measureTeamsLoad, type TeamsLoadResult, type TeamsRequest } from "./teams-load.ts";
import {
  type TeamsCast,
  type TeamsQuery,
  teamsQueryCases,
  timeTeamsQueries,
} from "./teams-queries.ts";

type RowKind = "list" | "search" | "page" | "other";

/** One row of the table: a route, the people asking it in turn, the query case behind it. */
interface TeamsRoute {
  name: string;
  kind: RowKind;
  /** Who asks, in words. */
  people: string;
  requests: TeamsRequest[];
  /** The query timing (teams-queries.ts) a search row's median comes from. */
  query?: string;
}

export interface TeamsRow extends TeamsLoadResult {
  name: string;
  kind: RowKind;
  people: string;
  example: string;
  answerMemory: "on" | "off";
  ofCeiling: number;
}

interface TeamsCheck {
  target: string;
  row: string;
  answerMemory: "on" | "off";
  measured: string;
  met: boolean;
  /** Judged on the scenario's own terms, or only shown beside a target set for other rows. */
  official: boolean;
}

/** The 20 pages before the later page the list rows read. */
const laterPage = 21;
const pageSize = 24;

/**
 * Issue 43: one person in 50 teams of 10,000 prompts each, the teams with 20 other members each,
 * beside 100 other teams as large and a community of 1,000,000 prompts, on PostgreSQL. Times the
 * domain operations on the database and captures and explains the statements they send, then
 * drives each route from a second process on the production server, answers kept (warm) and not
 * (cold), beside the bare-Node ceiling and the community list of the same run; judges the rows
 * against the existing list targets. Writes
 * bench/results/teams.{md,json}.
 */
export async function measureTeams(options: BenchOptions, log: (line: string) => void) {
  if (!options.postgresUrl) throw new Error("--only teams runs on PostgreSQL: give --postgres URL");
  const asked = Object.entries(options.teams).filter(([, value]) => value !== undefined);
  const layout: TeamsLayout = { ...defaultTeamsLayout, ...Object.fromEntries(asked) };
  const startedAt = new Date().toISOString();
  log(
    `\n== teams: a person in ${layout.personTeams} teams of ${layout.teamSize.toLocaleString("en-US")} prompts, ${promptsOf(layout).toLocaleString("en-US")} prompts in all`,
  );
  const { url, preparedSeconds } = await teamsDatabase(options.postgresUrl, layout, log);
  const { cast, routes, people } = await castOf(url, layout);
  log(`  ${people} people signed in`);

  log("  timing the domain operations and explaining their statements...");
  const queries = await timeTeamsQueries(url, teamsQueryCases(cast));
  for (const item of queries) {
    log(`  ${item.name}: median ${item.medianMs.toFixed(1)} ms, ${item.rows} rows`);
  }

  const target = { driver: "postgres" as const, count: promptsOf(layout) };
  const rows: TeamsRow[] = [];
  let ceiling: TeamsLoadResult | null = null;
  const quiet = () => databaseQuiet(url);
  const databasePids = () => sessionsOf(url);
  // The server as it is, answers kept, then not.
  for (const answerMemory of ["on", "off"] as const) {
    await withServer(
      { ...benchServerEnv(target, url), ANSWER_MEMORY: answerMemory },
      async (server) => {
        const origin = loadUrlOf(server);
        const pid = server.process.pid;
        const load = (requests: TeamsRequest[], against = origin, serverPid = pid) =>
          measureTeamsLoad(
            {
              origin: against,
              headers: browserHeaders,
              requests,
              connections: options.connections,
              duration: options.duration,
              serverPid,
            },
            warmupSeconds,
            { quiet, databasePids: serverPid === pid ? databasePids : undefined },
          );
        if (!ceiling) {
          const bare = await startCeiling(origin);
          try {
            ceiling = await load([{ path: "/" }], bare.url.replace(/\/$/, ""), bare.pid);
            log(`  ceiling (bare Node http, the landing page): ${line(ceiling)}`);
          } finally {
            await bare.stop();
          }
        }
        await checkRoutes(origin, routes, log);
        for (const route of routes) {
          const result = await load(route.requests);
          log(`  memory ${answerMemory}, ${route.name}: ${line(result)}`);
          rows.push({
            ...result,
            name: route.name,
            kind: route.kind,
            people: route.people,
            example: route.requests[0]?.path ?? "",
            answerMemory,
            ofCeiling: ceiling ? result.requestsPerSecond / ceiling.requestsPerSecond : 0,
          });
        }
      },
    );
  }

  const checks = checkTeams(rows, queries, routes);
  const database = await onDatabase(url, async (client) => {
    const { rows: found } = await client.query<{ bytes: string; version: string }>(
      "SELECT pg_database_size(current_database()) AS bytes, current_setting('server_version') AS version",
    );
    return { bytes: Number(found[0]?.bytes ?? 0), version: found[0]?.version ?? "" };
  });
  return writeTeamsReport({
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: machine(),
    loadAverage: loadavg(),
    settings: {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds,
    },
    layout,
    database,
    preparedSeconds,
    ceiling,
    rows,
    queries,
    checks,
  });
}

/** The people, their sessions, the teams' later cursors, and the rows that use them. */
async function castOf(url: string, layout: TeamsLayout) {
  const handle = await openDatabase({ driver: "postgres", url, poolSize: 4 });
  try {
    const bench = await query<{ id: string; email: string; name: string }>(
      handle,
      `SELECT id, email, name FROM (
         SELECT id, email, name, row_number() OVER (ORDER BY id) AS n
         FROM users WHERE issuer = 'https://bench.local') u
       WHERE n IN (${comparedPeople.join(", ")}) ORDER BY n`,
    );
    const viewers = bench.map(
      (user): Viewer => ({
        userId: user.id,
        email: user.email,
        name: user.name,
        avatarUrl: null,
        username: null,
        isAdmin: false,
      }),
    );
    const [person, control] = viewers;
    if (!person || !control) throw new Error("no bench users in the teams database");
    const teams = await query<{ id: string }>(
      handle,
      `SELECT t.id FROM team_members m JOIN teams t ON t.id = m.team_id
       WHERE m.user_id = $1 ORDER BY t.name`,
      [person.userId],
    );
    if (teams.length !== layout.personTeams) {
      throw new Error(`the person is in ${teams.length} teams, not ${layout.personTeams}`);
    }
    const members = await query<{ team_id: string; user_id: string }>(
      handle,
      "SELECT team_id, user_id FROM team_members WHERE team_id = ANY($1) AND user_id <> $2 ORDER BY team_id, user_id",
      [teams.map((team) => team.id), person.userId],
    );
    // Sessions of earlier runs go; each person gets one, as after signing in.
    await query(handle, "DELETE FROM sessions");
    const cookieOf = new Map<string, string>();
    for (const id of [
      ...viewers.map((viewer) => viewer.userId),
      ...members.map((m) => m.user_id),
    ]) {
      if (!cookieOf.has(id)) cookieOf.set(id, await signedInCookie(handle.db, id));
    }
    const cookie = (id: string) => cookieOf.get(id) ?? "";
    // The cursor to each team's 21st page: the position of its 480th prompt, newest first.
    const cursors = new Map<string, string>();
    for (const team of teams) {
      const [row] = await query<{ id: string; created_at: Date }>(
        handle,
        `SELECT id, created_at FROM prompts WHERE team_id = $1
         ORDER BY created_at DESC, id DESC OFFSET ${(laterPage - 1) * pageSize - 1} LIMIT 1`,
        [team.id],
      );
      if (!row) throw new Error("a team with too few prompts for a later page");
      cursors.set(
        team.id,
        encodeCursor("newest", { value: row.created_at.toISOString(), id: row.id }),
      );
    }
    const firstTeam = teams[0]?.id ?? "";
    const cast: TeamsCast = {
      person,
      control,
      teamId: firstTeam,
      laterCursor: cursors.get(firstTeam) ?? "",
    };

    // In each of the person's teams, the person and each other member in turn: half the
    // requests are the person's (50 teams), half those of the 1,000 other members (one each).
    const byTeam = (path: (teamId: string) => string) =>
      teams.flatMap((team) =>
        members
          .filter((member) => member.team_id === team.id)
          .flatMap((member) => [
            { path: path(team.id), cookie: cookie(person.userId) },
            { path: path(team.id), cookie: cookie(member.user_id) },
          ]),
      );
    const others = viewers.slice(1);
    const personAndOthers = (path: string) =>
      others.flatMap((other) => [
        { path, cookie: cookie(person.userId) },
        { path, cookie: cookie(other.userId) },
      ]);
    const inTeams = `the person and the ${members.length.toLocaleString("en-US")} other members of their ${teams.length} teams, in turn`;
    const noTeam = `bench users ${comparedPeople.slice(1).join(", ")} (in no team, libraries like the person's)`;
    const teamList = (teamId: string) => `/api/v1/prompts?scope=team&team=${teamId}`;
    const routes: TeamsRoute[] = [
      { name: "team list, first page", kind: "list", people: inTeams, requests: byTeam(teamList) },
      {
        name: `team list, page ${laterPage} (cursor)`,
        kind: "list",
        people: inTeams,
        requests: byTeam((id) => `${teamList(id)}&cursor=${cursors.get(id)}`),
      },
      ...(
        [
          ["common word (the)", "the"],
          ["rare word (Ethereum)", "Ethereum"],
          ["no match (qzxwvy)", "qzxwvy"],
        ] as const
      ).map(
        ([name, word]): TeamsRoute => ({
          name: `team search ${name}`,
          kind: "search",
          people: inTeams,
          requests: byTeam((id) => `${teamList(id)}&q=${word}`),
          query: `team search ${name}`,
        }),
      ),
      {
        name: "team library page /teams/:id",
        kind: "page",
        people: inTeams,
        requests: byTeam((id) => `/teams/${id}`),
      },
      {
        name: "team library page searched /teams/:id?q=the (best match)",
        kind: "page",
        people: inTeams,
        requests: byTeam((id) => `/teams/${id}?q=the`),
      },
      {
        name: "personal list, the person (in 50 teams)",
        kind: "list",
        people: "the person alone",
        requests: [{ path: "/api/v1/prompts?scope=personal", cookie: cookie(person.userId) }],
      },
      {
        name: "personal list, 7 people in no team",
        kind: "list",
        people: noTeam,
        requests: others.map((other) => ({
          path: "/api/v1/prompts?scope=personal",
          cookie: cookie(other.userId),
        })),
      },
      {
        name: "/personal page, the person (in 50 teams)",
        kind: "page",
        people: "the person alone",
        requests: [{ path: "/personal", cookie: cookie(person.userId) }],
      },
      {
        name: "/personal page, 7 people in no team",
        kind: "page",
        people: noTeam,
        requests: others.map((other) => ({ path: "/personal", cookie: cookie(other.userId) })),
      },
      {
        name: "GET /api/v1/teams, the person (50 teams)",
        kind: "list",
        people: "the person alone",
        requests: [{ path: "/api/v1/teams", cookie: cookie(person.userId) }],
      },
      {
        name: "community list (the existing list target's route)",
        kind: "list",
        people: `the person and ${noTeam}, in turn`,
        requests: personAndOthers("/api/v1/prompts?scope=community"),
      },
      // Last: 64 palette searches at once keep the server busy well after the row ends.
      {
        name: "palette search (the)",
        kind: "search",
        people: `the person and ${noTeam}, in turn`,
        requests: personAndOthers("/api/v1/palette?q=the"),
        query: "palette search (the), the person",
      },
    ];
    return { cast, routes, people: cookieOf.size };
  } finally {
    await handle.close();
  }
}

/** Runs `use` on a session of its own on the database. */
async function onDatabase<T>(url: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * Waits (30 s at most) until no other session on the database runs a statement: a search the
 * server gave up on may run on in PostgreSQL until its statement timeout.
 */
async function databaseQuiet(url: string) {
  await onDatabase(url, async (client) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()",
      );
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
}

/** The process ids of the server's sessions on the database (PostgreSQL on this machine). */
function sessionsOf(url: string) {
  return onDatabase(url, async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  });
}

/** One request of each row first, so a broken route shows before minutes of load. */
async function checkRoutes(origin: string, routes: TeamsRoute[], log: (line: string) => void) {
  for (const route of routes) {
    const first = route.requests[0];
    if (!first) continue;
    const response = await fetch(`${origin}${first.path}`, {
      headers: first.cookie ? { cookie: first.cookie } : {},
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 200) log(`  warning: GET ${first.path} answered ${response.status}`);
  }
}

// The existing targets (bench/support/targets.ts, issue 8; living-targets.ts, issue 19).
const targets = {
  list: { perSecond: 4000, p99: 40, text: "JSON list: ≥ 4,000 req/s, p99 < 40 ms" },
  search: {
    medianMs: 10,
    p99: 50,
    text: "Search: median < 10 ms (query) and p99 < 50 ms (HTTP, 64 connections)",
  },
  page: {
    perSecond: 1500,
    p99: 100,
    text: "Signed-in pages (/central, /dashboard): ≥ 1,500 req/s, p99 < 100 ms",
  },
  coldPage: {
    perSecond: 600,
    p99: 150,
    cpuMs: 1.5,
    text: "Cold (ANSWER_MEMORY=off), signed-in pages: ≥ 600 req/s, p99 < 150 ms, server CPU ≤ 1.5 ms a page",
  },
};

/**
 * Each row against the target its kind has: warm rows as the targets were set (answers kept, as
 * in production), cold pages against the cold page target; cold lists and searches are shown
 * beside the warm figure, which was never set for them.
 */
function checkTeams(rows: TeamsRow[], queries: TeamsQuery[], routes: TeamsRoute[]): TeamsCheck[] {
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  return rows.flatMap((row): TeamsCheck[] => {
    const errors = errorCount(row);
    const base = `${fmt(row.requestsPerSecond)} req/s, p99 ${row.p99} ms${errors > 0 ? `, ${errors} errors` : ""}`;
    const check = (target: string, met: boolean, measured: string, official = true) => ({
      target,
      row: row.name,
      answerMemory: row.answerMemory,
      measured,
      met: met && errors === 0,
      official,
    });
    const warm = row.answerMemory === "on";
    switch (row.kind) {
      case "list":
        return [
          check(
            targets.list.text,
            row.requestsPerSecond >= targets.list.perSecond && row.p99 < targets.list.p99,
            base,
            warm,
          ),
        ];
      case "search": {
        const name = routes.find((route) => route.name === row.name)?.query;
        const median = queries.find((item) => item.name === name)?.medianMs;
        return [
          check(
            targets.search.text,
            median !== undefined &&
              median < targets.search.medianMs &&
              row.p99 < targets.search.p99,
            `query median ${median === undefined ? "—" : `${median.toFixed(1)} ms`}, HTTP p50 ${row.p50} ms, p99 ${row.p99} ms`,
            warm,
          ),
        ];
      }
      case "page": {
        if (warm) {
          return [
            check(
              targets.page.text,
              row.requestsPerSecond >= targets.page.perSecond && row.p99 < targets.page.p99,
              base,
            ),
          ];
        }
        const cpu = cpuPerRequest(row);
        return [
          check(
            targets.coldPage.text,
            row.requestsPerSecond >= targets.coldPage.perSecond &&
              row.p99 < targets.coldPage.p99 &&
              cpu !== null &&
              cpu <= targets.coldPage.cpuMs,
            `${base}, CPU ${cpu === null ? "n/a" : cpu.toFixed(2)} ms`,
          ),
        ];
      }
      default:
        return [];
    }
  });
}

function line(result: TeamsLoadResult) {
  const cpu = cpuPerRequest(result);
  return (
    `${Math.round(result.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${result.p50} ms, ` +
    `p95 ${result.p95} ms, p99 ${result.p99} ms, ${errorCount(result)} errors` +
    (cpu === null ? "" : `, server CPU ${cpu.toFixed(2)} ms/req`)
  );
}

interface TeamsReport {
  startedAt: string;
  finishedAt: string;
  machine: ReturnType<typeof machine>;
  loadAverage: number[];
  settings: { connections: number; durationSeconds: number; warmupSeconds: number };
  layout: TeamsLayout;
  database: { bytes: number; version: string };
  preparedSeconds: number | null;
  ceiling: TeamsLoadResult | null;
  rows: TeamsRow[];
  queries: TeamsQuery[];
  checks: TeamsCheck[];
}

async function writeTeamsReport(report: TeamsReport) {
  const markdown = teamsMarkdown(report);
  const dir = join(projectRoot, "bench/results");
  await writeFile(join(dir, "teams.md"), markdown);
  await writeFile(join(dir, "teams.json"), `${JSON.stringify(report, null, 2)}\n`);
  return markdown;
}

function teamsMarkdown(report: TeamsReport) {
  const { layout, ceiling, rows, queries, checks, settings } = report;
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  const community = rows.find(
    (row) => row.answerMemory === "on" && row.name.startsWith("community list"),
  );
  const cpu = (row: TeamsLoadResult) => cpuPerRequest(row)?.toFixed(2) ?? "—";
  const tableRow = (row: TeamsRow) =>
    `| ${row.name} | ${row.answerMemory} | ${fmt(row.requestsPerSecond)} | ${row.p50} | ${row.p95} | ${row.p99} | ${errorCount(row)} | ${Math.round(row.ofCeiling * 100)}% | ${cpu(row)} |`;
  const teamRows = layout.personTeams * layout.teamSize;
  const otherRows = layout.otherTeams * layout.teamSize;
  const explained = queries.filter((item) => item.statements);
  const failing = checks.filter((check) => check.official && !check.met);
  const lines = [
    "# PromptShelf benchmark: teams",
    "",
    `${report.startedAt} · Node ${report.machine.node} · ${report.machine.cpus} × ${report.machine.cpuModel} · ` +
      `${settings.connections} connections · ${settings.durationSeconds} s per row after a ${settings.warmupSeconds} s warm-up · ` +
      `requests ask for brotli · load from a second process · PostgreSQL ${report.database.version}, ${fmt(promptsOf(layout))} prompts`,
    "",
    `Load average ${report.loadAverage.map((n) => n.toFixed(1)).join(", ")} (1, 5, 15 min) at the end, on ${report.machine.cpus} cores, the load generator among it. Read the rows against the ceiling and the community list of the same run, and the plans and buffer counts below (which do not depend on the load), more than against the targets' absolute figures.`,
    "",
    "## What the database holds",
    "",
    `- **The person**: bench user 1, in ${layout.personTeams} teams (editor) of ${fmt(layout.teamSize)} prompts each (${fmt(teamRows)} prompts), with their own library (${fmt(layout.community / layout.communityPeople)} unshared prompts, as bench user 1 has in every bench; half filed in a folder, a third tagged); ${fmt(Math.ceil(layout.teamSize / (layout.membersPerTeam + 1)) * layout.personTeams)} of their teams' prompts were written by them.`,
    `- **Their teams' other members**: ${layout.membersPerTeam} a team, distinct people (${fmt(layout.personTeams * layout.membersPerTeam)}), an owner, editors and viewers, who wrote the rest.`,
    `- **Other teams**: ${layout.otherTeams} teams the person is not in, as large (${fmt(otherRows)} prompts), with ${layout.membersPerTeam} members each of their own; a team's ${fmt(layout.teamSize)} prompts are ${((100 * layout.teamSize) / promptsOf(layout)).toFixed(1)}% of the table, the person's teams ${Math.round((100 * teamRows) / promptsOf(layout))}%.`,
    `- **The community**: ${fmt(layout.community)} prompts of ${layout.communityPeople} people, as in the other benches (three in four shared); one team prompt in ${layout.sharedEvery} is shared too.`,
    `- **Texts**: the 1,529 real prompts of seed/prompts.csv, cut to 600 characters and made unique. The teams' prompts are interleaved with each other over the same ${Math.round(layout.community / 86400)} days as the community's (teams write at the same time as everyone else), so a team's rows lie all over the table.`,
    `- Prepared with bulk SQL (generate_series; indexes dropped during the load and rebuilt): ${report.preparedSeconds === null ? "kept from an earlier run" : `${fmt(report.preparedSeconds)} s`}; ${(report.database.bytes / 1024 ** 3).toFixed(1)} GB.`,
    "",
    "## Under load",
    "",
    `Each row's requests take turns. A team's rows: in each of the person's ${layout.personTeams} teams, the person and each of its ${layout.membersPerTeam} other members in turn (${fmt(layout.personTeams * layout.membersPerTeam)} people), so half the requests are the person's; the later page is each team's ${laterPage}st (a cursor after 20 pages). The palette and community rows: the person and seven people in no team in turn (bench users ${comparedPeople.slice(1).join(", ")}, whose libraries are like the person's). Answer memory on: as in production (the API's lists are kept per person and address for up to a minute; team pages never are); off: a server that keeps nothing (cold). The server cancels a statement after 10 s (STATEMENT_TIMEOUT_MS): those are the 500s.`,
    "",
    "| row | answer memory | req/s | p50 ms | p95 ms | p99 ms | errors | of ceiling | server CPU ms/req |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...(ceiling
      ? [
          `| ceiling: bare Node http, the landing page | — | ${fmt(ceiling.requestsPerSecond)} | ${ceiling.p50} | ${ceiling.p95} | ${ceiling.p99} | ${errorCount(ceiling)} | 100% | ${cpu(ceiling)} |`,
        ]
      : []),
    ...rows.filter((row) => row.answerMemory === "on").map(tableRow),
    ...rows.filter((row) => row.answerMemory === "off").map(tableRow),
    "",
    community
      ? `The community list of the same run, warm: ${fmt(community.requestsPerSecond)} req/s, p99 ${community.p99} ms (its target at 1,000,000 prompts on a quiet machine: 4,000 req/s, p99 < 40 ms).`
      : "",
    "",
    "## On the database",
    "",
    "Through the domain operations the routes call (server/prompts/list-prompts.ts and the others) on the person's first team, straight on the database without the statement timeout; median of 15 rounds after a warm-up (3 for an operation of more than a second), round after round of all of them, in milliseconds.",
    "",
    "| operation | median ms | rows | statements |",
    "| --- | ---: | ---: | ---: |",
    ...queries.map(
      (item) =>
        `| ${item.name} | ${item.medianMs.toFixed(1)} | ${item.rows} | ${item.statements?.length ?? "—"} |`,
    ),
    "",
    "## Targets",
    "",
    "The existing list targets (bench/support/targets.ts, living-targets.ts) were set at 1,000,000 prompts, warm, on a quiet machine. Warm rows are judged on them, cold pages on the cold page target; cold lists and searches are shown beside the warm target (*reference*), which was never set for them.",
    "",
    "| row | answer memory | target | measured | met |",
    "| --- | --- | --- | --- | --- |",
    ...checks.map(
      (check) =>
        `| ${check.row} | ${check.answerMemory} | ${check.target} | ${check.measured} | ${check.met ? "yes" : "no"}${check.official ? "" : " (reference)"} |`,
    ),
    "",
    failing.length === 0
      ? "Every judged row met its target."
      : `Not met: ${failing.map((check) => `${check.row} (${check.answerMemory})`).join("; ")}.`,
    "",
    "## Plans",
    "",
    "The statements each operation sends, captured from the driver as the server's own code builds them, each explained with its own parameters: EXPLAIN (ANALYZE, BUFFERS), the scans in short and the whole plan and statement folded.",
    "",
    ...explained.flatMap((item) => [
      `### ${item.name}`,
      "",
      ...(item.statements ?? []).flatMap((statement, i) => [
        `${i + 1}. ${statement.executionMs.toFixed(2)} ms: \`${shorten(statement.sql)}\``,
        ...(statement.plan.includes("\n")
          ? [
              "",
              "```",
              ...planSummary(statement.plan),
              "```",
              "",
              "<details><summary>plan and statement</summary>",
              "",
              "```",
              statement.plan,
              "```",
              "",
              "```sql",
              statement.sql,
              "```",
              "",
              "</details>",
              "",
            ]
          : []),
      ]),
      "",
    ]),
  ];
  return lines.join("\n");
}

/** The plan's scans, what they left out and sorted, and its total: what says where time went. */
function planSummary(plan: string) {
  return plan
    .split("\n")
    .filter(
      (line) =>
        !line.includes("never executed") &&
        /Scan using| Scan on |Rows Removed by Filter|Sort Method|Execution Time|^\S/.test(line) &&
        !/Index Scan using (users|profiles)_pkey|favourites|import_runs|team_members|prompt_tags|tags_|Tid Scan|Seq Scan on tags/.test(
          line,
        ),
    )
    .map((line) => line.replace(/\s+\(cost=[^)]*\)/, ""));
}

function shorten(sql: string) {
  const flat = sql.replace(/\s+/g, " ");
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
