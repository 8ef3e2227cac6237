import pg from "pg";
import { openDatabase } from "../../server/db/client.ts";
import { topics } from "../../shared/topics.ts";
import { organiseBenchLibrary } from "./organise-fixture.ts";
import { samplePrompts } from "./sample-prompts.ts";

/** What the teams scenario's database holds (issue 43). */
export interface TeamsLayout {
  /** The community: prompts from `communityPeople` bench users, as bench/support/seed-library.ts. */
  community: number;
  communityPeople: number;
  /** The teams the measured person (bench user 1) is in, and the prompts in each team. */
  personTeams: number;
  teamSize: number;
  /** Members of each team besides the person, distinct people in every team. */
  membersPerTeam: number;
  /** Teams the person is not in, each as large and with as many members of their own. */
  otherTeams: number;
  /** One team prompt in this many is shared with the community. */
  sharedEvery: number;
}

export const defaultTeamsLayout: TeamsLayout = {
  community: 1_000_000,
  communityPeople: 200,
  personTeams: 50,
  teamSize: 10_000,
  membersPerTeam: 20,
  otherTeams: 100,
  sharedEvery: 20,
};

const textLength = 600;
const batch = 100_000;
const memberIssuer = "https://bench-teams.local";
const benchIssuer = "https://bench.local";

/**
 * Bench users (in order of id) with a library of their own: the community's prompt g is bench
 * user 1 + g % 200's, unshared when g % 4 = 0, so users 1, 5, 9... hold only unshared prompts
 * (5,000 each at 1,000,000) and the others only shared ones. User 1 is the person in 50 teams;
 * the next seven are in no team, with libraries like theirs.
 */
export const comparedPeople = [1, 5, 9, 13, 17, 21, 25, 29];

/** Prompts in the database the layout makes. */
export function promptsOf(layout: TeamsLayout) {
  return layout.community + (layout.personTeams + layout.otherTeams) * layout.teamSize;
}

/**
 * The teams scenario's database on PostgreSQL, kept between runs (promptshelf_bench_teams, or
 * one named after another layout; the layout is written as the database's comment, and the
 * database made again when it differs). One
 * pass of bulk SQL, indexes dropped during the load and rebuilt after: the community as the other
 * benches make it (three in four shared, from the 1,529 real prompts of seed/prompts.csv, each
 * cut to 600 characters and made unique, one a second apart), then the teams' prompts
 * interleaved over the same days (teams write at the same time as everyone else), written by
 * their members, the person among them, one in `sharedEvery` shared; the memberships last, so
 * the load's change notices reach nobody.
 */
export async function teamsDatabase(
  postgresUrl: string,
  layout: TeamsLayout,
  log: (line: string) => void,
): Promise<{ url: string; preparedSeconds: number | null }> {
  // Another layout (a quick look at a smaller one) has a database of its own.
  const name =
    JSON.stringify(layout) === JSON.stringify(defaultTeamsLayout)
      ? "promptshelf_bench_teams"
      : `promptshelf_bench_teams_${layout.teamSize}_${layout.otherTeams}_${layout.community}`;
  const wanted = JSON.stringify(layout);
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  let fresh = false;
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [name],
    );
    if (rows[0]?.comment !== wanted) {
      if (rows.length > 0) {
        log(`  ${name} holds another layout: made again`);
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      }
      await admin.query(`CREATE DATABASE ${name}`);
      fresh = true;
    }
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  if (!fresh) return { url: url.href, preparedSeconds: null };

  const started = Date.now();
  // The schema, as the server would make it.
  await (await openDatabase({ driver: "postgres", url: url.href })).close();
  await fill(url.href, layout, log);
  const admin2 = new pg.Client({ connectionString: postgresUrl });
  await admin2.connect();
  try {
    await admin2.query(`COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(wanted)}`);
  } finally {
    await admin2.end();
  }
  const preparedSeconds = (Date.now() - started) / 1000;
  log(`  prepared in ${preparedSeconds.toFixed(0)} s`);
  return { url: url.href, preparedSeconds };
}

async function fill(url: string, layout: TeamsLayout, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = (text: string, params: unknown[] = []) => client.query(text, params);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  try {
    // A loading session: no timeout, and room to build the trigram indexes in memory.
    await run("SET statement_timeout = 0");
    await run("SET synchronous_commit = off");
    await run("SET maintenance_work_mem = '1GB'");

    const samples = samplePrompts();
    await run("CREATE TEMP TABLE bench_sample (n int PRIMARY KEY, act text, body text)");
    for (let start = 0; start < samples.length; start += 200) {
      const rows = samples.slice(start, start + 200);
      const values = rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(", ");
      await run(
        `INSERT INTO bench_sample VALUES ${values}`,
        rows.flatMap((row, i) => [
          start + i,
          row.act.slice(0, 35),
          row.prompt.slice(0, textLength),
        ]),
      );
    }
    const teamCount = layout.personTeams + layout.otherTeams;
    const members = teamCount * layout.membersPerTeam;
    await run(
      `INSERT INTO users (issuer, subject, email, name)
       SELECT '${benchIssuer}', 'bench-' || g, 'bench' || g || '@example.com', 'Bench User ' || g
       FROM generate_series(1, ${layout.communityPeople}) g`,
    );
    await run(
      `INSERT INTO users (issuer, subject, email, name)
       SELECT '${memberIssuer}', 'member-' || g, 'member' || g || '@example.com', 'Team Member ' || g
       FROM generate_series(1, ${members}) g`,
    );
    // Bench user 1 is the first by id, as everywhere in the bench (bench-sessions.ts).
    await run(
      `CREATE TEMP TABLE bench_users AS
       SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE issuer = '${benchIssuer}'`,
    );
    await run(
      `CREATE TEMP TABLE bench_members AS
       SELECT id, substring(subject FROM 8)::int AS n FROM users WHERE issuer = '${memberIssuer}'`,
    );
    await run("CREATE UNIQUE INDEX ON bench_members (n)");
    log(`  ${layout.communityPeople + members} people (${elapsed()})`);

    const { rows: indexes } = await run(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'prompts' AND indexname <> 'prompts_pkey'",
    );
    for (const index of indexes) await run(`DROP INDEX ${index.indexname}`);

    const topicList = `ARRAY[${topics.map((topic) => `'${topic.category}'`).join(",")}]`;
    const category = (g: string) =>
      `CASE WHEN ${g} % 5 = 0 THEN (${topicList})[1 + (${g} / 5) % ${topics.length}] ELSE lower(s.act) END`;
    // The community, as seed-library.ts makes it.
    const { community } = layout;
    for (let from = 1; from <= community; from += batch) {
      const to = Math.min(community, from + batch - 1);
      await run(
        `INSERT INTO prompts (title, prompt_text, category, user_id, is_shared, position, created_at, updated_at)
         SELECT category, body || ' (variant ' || g || ')', category, u.id, g % 4 <> 0, order_key_at(at), at, at
         FROM (
           SELECT g, s.body, ${category("g")} AS category,
             now() - (${community} - g) * interval '1 second' AS at
           FROM generate_series(${from}, ${to}) g
           JOIN bench_sample s ON s.n = g % ${samples.length}
         ) generated
         JOIN bench_users u ON u.n = 1 + generated.g % ${layout.communityPeople}`,
      );
      log(`  community: ${to.toLocaleString("en-US")} prompts (${elapsed()})`);
    }
    // The person's own library, and those of the people it is compared with, organised as a
    // heavy user's (a folder, a tag), before any team prompt exists: those are a team's, in no
    // folder.
    const setup = await openDatabase({ driver: "postgres", url });
    try {
      const { rows: own } = await run(
        `SELECT id FROM bench_users WHERE n IN (${comparedPeople.join(", ")})`,
      );
      for (const person of own) await organiseBenchLibrary(setup, person.id);
    } finally {
      await setup.close();
    }

    await run(
      `INSERT INTO teams (name, created_at)
       SELECT 'Team ' || lpad(g::text, 3, '0'), now() - interval '60 days'
       FROM generate_series(1, ${teamCount}) g`,
    );
    await run(
      "CREATE TEMP TABLE bench_teams AS SELECT id, substring(name FROM 6)::int AS n FROM teams",
    );
    await run("CREATE UNIQUE INDEX ON bench_teams (n)");
    // Team prompts, one team after the other in turn (g), so each team's rows are spread over
    // the table and over the same days as the community's. A team's prompt is written by one
    // of its members; in the person's teams, one in 21 by the person.
    const teamPrompts = teamCount * layout.teamSize;
    const per = layout.membersPerTeam;
    for (let from = 1; from <= teamPrompts; from += batch) {
      const to = Math.min(teamPrompts, from + batch - 1);
      await run(
        `INSERT INTO prompts (title, prompt_text, category, user_id, is_shared, team_id, position, created_at, updated_at)
         SELECT category, body || ' (team variant ' || g || ')', category,
           CASE WHEN team <= ${layout.personTeams} AND k % ${per + 1} = 0 THEN p.id ELSE m.id END,
           g % ${layout.sharedEvery} = 0, t.id, order_key_at(at), at, at
         FROM (
           SELECT g, 1 + (g - 1) % ${teamCount} AS team, (g - 1) / ${teamCount} AS k, s.body,
             ${category("g")} AS category,
             now() - ((${teamPrompts} - g)::float8 * ${community / teamPrompts}) * interval '1 second' AS at
           FROM generate_series(${from}, ${to}) g
           JOIN bench_sample s ON s.n = g % ${samples.length}
         ) generated
         JOIN bench_teams t ON t.n = team
         JOIN bench_members m ON m.n = (team - 1) * ${per} + 1 + k % ${per}
         CROSS JOIN (SELECT id FROM bench_users WHERE n = 1) p`,
      );
      log(`  teams: ${to.toLocaleString("en-US")} prompts (${elapsed()})`);
    }
    await run(
      `INSERT INTO team_members (team_id, user_id, role, joined_at)
       SELECT t.id, m.id,
         CASE WHEN m.n % ${per} = 1 THEN 'owner' WHEN m.n % 4 = 0 THEN 'viewer' ELSE 'editor' END,
         now() - interval '59 days'
       FROM bench_teams t JOIN bench_members m ON m.n BETWEEN (t.n - 1) * ${per} + 1 AND t.n * ${per}`,
    );
    await run(
      `INSERT INTO team_members (team_id, user_id, role, joined_at)
       SELECT t.id, p.id, 'editor', now() - interval '58 days'
       FROM bench_teams t CROSS JOIN (SELECT id FROM bench_users WHERE n = 1) p
       WHERE t.n <= ${layout.personTeams}`,
    );
    log(`  ${teamCount} teams, their members (${elapsed()})`);

    for (const index of indexes) {
      const indexStarted = Date.now();
      await run(index.indexdef);
      log(`  rebuilt ${index.indexname} (${((Date.now() - indexStarted) / 1000).toFixed(1)} s)`);
    }
    await run("VACUUM ANALYZE prompts");
    await run("ANALYZE users, teams, team_members, folders, tags, prompt_tags");
    log(`  indexes and statistics (${elapsed()})`);
  } finally {
    await client.end();
  }
}
