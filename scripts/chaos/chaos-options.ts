import { parseArgs } from "node:util";

export type Driver = "pglite" | "postgres";

export interface ChaosOptions {
  /** Kills per database, each followed by a restart and a check. */
  cycles: number;
  drivers: Driver[];
  /** Concurrent writers adding prompts until the kill. */
  writers: number;
  /** The server to create the chaos database on (PostgreSQL only). */
  postgresUrl: string;
}

const usage = `usage: npm run chaos -- [options]
  --cycles N        kills per database (default 50)
  --only DRIVER     pglite or postgres (default both)
  --writers N       concurrent writers (default 6)
  --postgres URL    PostgreSQL server to create the chaos database on
                    (default $DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
  --help`;

export function chaosOptions(argv = process.argv.slice(2)): ChaosOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      cycles: { type: "string", default: "50" },
      only: { type: "string" },
      writers: { type: "string", default: "6" },
      postgres: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.only !== undefined && values.only !== "pglite" && values.only !== "postgres") {
    throw new Error(`--only takes pglite or postgres, got "${values.only}"\n${usage}`);
  }
  return {
    cycles: positive(values.cycles, "--cycles"),
    drivers: values.only ? [values.only] : ["pglite", "postgres"],
    writers: positive(values.writers, "--writers"),
    postgresUrl:
      values.postgres || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  };
}

function positive(text: string, flag: string) {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${flag} must be a positive whole number, got "${text}"\n${usage}`);
  }
  return value;
}
