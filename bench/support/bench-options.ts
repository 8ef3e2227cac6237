import { parseArgs } from "node:util";

export interface BenchTarget {
  driver: "pglite" | "postgres";
  count: number;
}

export interface BenchOptions {
  targets: BenchTarget[];
  /** Seconds of measured load per route (after a one-second warm-up). */
  duration: number;
  connections: number;
  postgresUrl?: string;
  build: boolean;
  living: LivingOptions;
  /** PostgreSQL library sizes the version history is measured on; empty when turned off. */
  versionSizes: number[];
  /** Measure only this part (its own results file); otherwise everything. */
  only?: (typeof onlyParts)[number];
  /** Prompts in the PostgreSQL library `--only mcp` runs on. */
  mcpSize: number;
  /** The realistic day of `--only day`. */
  day: { rate: number; seconds: number; people: number };
  /** The teams scenario's layout, where asked to differ from bench/support/teams-library.ts's. */
  teams: { teamSize?: number; otherTeams?: number; community?: number };
}

const onlyParts = ["versions", "mcp", "public", "day", "teams"] as const;

/** The living community (issue 19): where it runs and how fast its writer shares. */
export interface LivingOptions {
  /** PostgreSQL library sizes it runs on; empty when turned off. */
  sizes: number[];
  /** Shares a second, one set of rows each, with answers kept in memory (warm). */
  rates: number[];
  /** Shares a second for the second server, started with ANSWER_MEMORY=off (cold). */
  coldRates: number[];
}

const usage = `usage: npm run bench -- [options]
  --duration N            seconds of load per route (BENCH_DURATION, default 10)
  --connections N         concurrent connections (BENCH_CONNECTIONS, default 64)
  --sizes A,B             PGlite library sizes (BENCH_SIZES, default 10000,100000)
  --postgres URL          also run on PostgreSQL (BENCH_POSTGRES_URL)
  --postgres-sizes A,B,C  PostgreSQL library sizes (BENCH_POSTGRES_SIZES, default 10000,100000,1000000)
  --no-living             leave out the living community (200 people reading while one shares)
  --living-sizes A,B      PostgreSQL sizes it runs on, of those measured (default 100000,1000000)
  --living-rates A,B,C    shares a second, a set of rows each (default 0,2,10)
  --cold-rates A,B        the same with a second server, ANSWER_MEMORY=off (default 0,10; '' for none)
  --no-versions           leave out the version history (edits, history reads, storage)
  --versions-sizes A,B    PostgreSQL sizes it runs on, of those measured (default 100000,1000000)
  --only versions         measure only the version history, into bench/results/versions.{md,json}
  --only mcp              measure only MCP at 1,000,000 prompts on PostgreSQL (search_prompts
                          alone, then SDK clients' sessions of mixed calls), into
                          bench/results/mcp.{md,json}
  --mcp-size N            its library size instead (results in mcp-N.{md,json})
  --only public           measure the public pages of shared prompts at 1,000,000 prompts on
                          PostgreSQL, into bench/results/public.{md,json}
  --only day              a realistic day at 1,000,000 prompts on PostgreSQL (people arriving
                          over time, crawlers, visitors), answer memory on and off, into
                          bench/results/day.{md,json}
  --day-rate N            its requests a second (default 300)
  --day-seconds N         its measured seconds, after a 10 s warm-up (default 60)
  --day-people N          the distinct people it signs in (default 10000)
  --only teams            a person in 50 teams of 10,000 prompts each on PostgreSQL (their teams'
                          lists, searches and pages, their own library, their teams; warm and
                          cold; plans), into bench/results/teams.{md,json}
  --team-size N           prompts a team instead of 10000 (a smaller database, for a quick look)
  --other-teams N         teams the person is not in instead of 100
  --teams-community N     community prompts beside the teams instead of 1000000
  --no-build              use the existing production build instead of running npm run build
  --help`;

/** Flags win over environment variables, which win over the defaults. */
export function benchOptions(argv = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string" },
      connections: { type: "string" },
      sizes: { type: "string" },
      postgres: { type: "string" },
      "postgres-sizes": { type: "string" },
      "no-living": { type: "boolean", default: false },
      "living-sizes": { type: "string", default: "100000,1000000" },
      "living-rates": { type: "string", default: "0,2,10" },
      "cold-rates": { type: "string", default: "0,10" },
      "no-versions": { type: "boolean", default: false },
      "versions-sizes": { type: "string", default: "100000,1000000" },
      only: { type: "string" },
      "mcp-size": { type: "string", default: "1000000" },
      "day-rate": { type: "string", default: "300" },
      "day-seconds": { type: "string", default: "60" },
      "day-people": { type: "string", default: "10000" },
      "team-size": { type: "string" },
      "other-teams": { type: "string" },
      "teams-community": { type: "string" },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const only = onlyParts.find((part) => part === values.only);
  if (values.only !== undefined && !only) {
    throw new Error(`--only takes ${onlyParts.join(", ")}, got "${values.only}"\n${usage}`);
  }
  const env = (name: string) => process.env[name] || undefined;
  const postgresUrl = values.postgres ?? env("BENCH_POSTGRES_URL");
  const pgliteSizes = sizes(values.sizes ?? env("BENCH_SIZES") ?? "10000,100000", "--sizes");
  const postgresSizes = postgresUrl
    ? sizes(
        values["postgres-sizes"] ?? env("BENCH_POSTGRES_SIZES") ?? "10000,100000,1000000",
        "--postgres-sizes",
      )
    : [];
  return {
    targets: [
      ...pgliteSizes.map((count) => ({ driver: "pglite" as const, count })),
      ...postgresSizes.map((count) => ({ driver: "postgres" as const, count })),
    ],
    duration: positive(values.duration ?? env("BENCH_DURATION") ?? "10", "--duration"),
    connections: positive(values.connections ?? env("BENCH_CONNECTIONS") ?? "64", "--connections"),
    postgresUrl,
    build: !values["no-build"],
    living: {
      sizes: values["no-living"] ? [] : sizes(values["living-sizes"], "--living-sizes"),
      rates: rates(values["living-rates"], "--living-rates"),
      coldRates: rates(values["cold-rates"], "--cold-rates"),
    },
    versionSizes: values["no-versions"] ? [] : sizes(values["versions-sizes"], "--versions-sizes"),
    mcpSize: positive(values["mcp-size"], "--mcp-size"),
    day: {
      rate: positive(values["day-rate"], "--day-rate"),
      seconds: positive(values["day-seconds"], "--day-seconds"),
      people: positive(values["day-people"], "--day-people"),
    },
    teams: {
      teamSize: optionalPositive(values["team-size"], "--team-size"),
      otherTeams: optionalPositive(values["other-teams"], "--other-teams"),
      community: optionalPositive(values["teams-community"], "--teams-community"),
    },
    only,
  };
}

function optionalPositive(text: string | undefined, flag: string) {
  return text === undefined ? undefined : positive(text.replaceAll("_", ""), flag);
}

/** Whether the living community runs on this target: PostgreSQL only, at the sizes asked. */
export function livingRunsOn(target: BenchTarget, options: BenchOptions) {
  return target.driver === "postgres" && options.living.sizes.includes(target.count);
}

/** Whether the version history is measured on this target: PostgreSQL only, at the sizes asked. */
export function versionsRunOn(target: BenchTarget, options: BenchOptions) {
  return target.driver === "postgres" && options.versionSizes.includes(target.count);
}

function sizes(list: string, flag: string) {
  if (list.trim() === "") return [];
  return list.split(",").map((item) => positive(item.replaceAll("_", "").trim(), flag));
}

/** Shares a second: zero (nobody writes) or more, fractions allowed. */
function rates(list: string, flag: string) {
  if (list.trim() === "") return [];
  return list.split(",").map((item) => {
    const value = Number(item.trim());
    if (!Number.isFinite(value) || value < 0 || item.trim() === "") {
      throw new Error(`${flag} takes shares a second (0 or more), got "${item}"\n${usage}`);
    }
    return value;
  });
}

function positive(text: string, flag: string) {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${flag} must be a positive whole number, got "${text}"\n${usage}`);
  }
  return value;
}
