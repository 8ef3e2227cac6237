import { parseArgs } from "node:util";

export interface SoakOptions {
  minutes: number;
  /** Concurrent visitors, each sending its next request as soon as the last one is answered. */
  connections: number;
  /** Generated prompts in the fresh library. */
  prompts: number;
  driver: "postgres" | "pglite";
  /** The server to create the soak database on (PostgreSQL only). */
  postgresUrl: string;
  /**
   * A living community: visitors read as the 200 generated people in turn, and this many
   * shares a second go out on a fixed schedule, each by the next person; null without --living.
   */
  shareRate: number | null;
}

const usage = `usage: npm run soak -- [options]
  --minutes N       minutes of load, the first one a warm-up (default 10)
  --connections N   concurrent visitors (default 8)
  --prompts N       prompts in the fresh library (default 5000)
  --postgres URL    PostgreSQL server to create the soak database on
                    (default postgres://postgres@127.0.0.1:5432/postgres)
  --pglite          use the embedded database instead of PostgreSQL
  --living          a living community: visitors read as the 200 generated people in turn
                    while prompts are shared throughout on a fixed schedule, each by the next
                    person (the shares stay, so the library grows)
  --share-rate N    shares a second with --living (default 10)
  --help`;

export function soakOptions(argv = process.argv.slice(2)): SoakOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: "string", default: "10" },
      connections: { type: "string", default: "8" },
      prompts: { type: "string", default: "5000" },
      postgres: { type: "string" },
      pglite: { type: "boolean", default: false },
      living: { type: "boolean", default: false },
      "share-rate": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.pglite && values.postgres) {
    throw new Error(`--pglite and --postgres exclude each other\n${usage}`);
  }
  if (values["share-rate"] !== undefined && !values.living) {
    throw new Error(`--share-rate needs --living\n${usage}`);
  }
  return {
    minutes: positive(values.minutes, "--minutes"),
    connections: positive(values.connections, "--connections"),
    prompts: positive(values.prompts.replaceAll("_", ""), "--prompts"),
    driver: values.pglite ? "pglite" : "postgres",
    postgresUrl: values.postgres ?? "postgres://postgres@127.0.0.1:5432/postgres",
    shareRate: values.living ? positive(values["share-rate"] ?? "10", "--share-rate") : null,
  };
}

function positive(text: string, flag: string) {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${flag} must be a positive whole number, got "${text}"\n${usage}`);
  }
  return value;
}
