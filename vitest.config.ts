import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { projectRoot } from "./server/project-root.ts";
import { suitesWithoutDatabase } from "./tests/support/database-suites.ts";

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
/** PgBouncer in transaction mode in front of the same server (.ci/run starts it). */
const pooledUrl = process.env.TEST_POOLED_DATABASE_URL || undefined;
const globalSetup = ["tests/support/database-global-setup.ts"];
const linearParsers = "server/security/linear-parsers.test.ts";
const throughPooler = [
  "server/db/*.pgbouncer.test.ts",
  "server/db/library-limits.test.ts",
  "server/db/statement-timeout.postgres.test.ts",
  "server/db/deployment-settings.postgres.test.ts",
  "server/live/change-feed.postgres.test.ts",
  "server/tokens/per-person-limits.postgres.test.ts",
  "server/folders/folder-limits.test.ts",
  "server/collections/collections-api.test.ts",
  "server/library-data/import-limits.test.ts",
  "server/library-data/import-lands-whole.test.ts",
  "server/versions/versions.test.ts",
  "server/prompts/save-to-library.test.ts",
  "server/prompts/find-related-prompts.test.ts",
  "server/http/prompt-page.test.ts",
];

/**
 * The suites of many generated cases (properties, a model, fuzzing, the authorization matrices,
 * the walk of every route for its caching headers): what they try is the server's rules on every
 * input, the same SQL on either engine, and they are the run's heaviest files. With PostgreSQL
 * set they run there only, as the database a deployment runs on; without it, on PGlite
 * (decision 0020).
 */
const manyCases = [
  "server/collections/authorization-matrix.test.ts",
  "server/http/public-pages-whoever-asks.test.ts",
  "server/prompts/authorization-matrix.test.ts",
  "server/prompts/organise-authorization.test.ts",
  "server/prompts/prompt-properties.test.ts",
  "server/prompts/visibility-model.test.ts",
  "server/security/cache-control.test.ts",
  "server/security/fuzz.test.ts",
  "server/teams/team-authorization-matrix.test.ts",
  "server/versions/history-properties.test.ts",
];

/**
 * The server/ suites that never reach the run's database (unit suites, and those that open a
 * PGlite of their own): the same on either run, so they run on PGlite only
 * (tests/support/database-suites.ts reads their imports). The suites for PostgreSQL alone stay.
 */
const withoutDatabase = suitesWithoutDatabase(projectRoot, "server").filter(
  (file) => !/\.(postgres|pgbouncer)\.test\.ts$/.test(file),
);

// Every suite runs on PGlite; suites under server/ that reach the database run a second time
// on PostgreSQL when TEST_DATABASE_URL is set, but for `manyCases`.
// *.postgres.test.ts files cover what only PostgreSQL can do (several processes on one
// database) and run only there.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/support/app-build-setup.ts"],
    setupFiles: [
      "tests/support/fail-on-console-error.ts",
      "tests/support/fail-on-unguarded-read.ts",
    ],
    // Limits for a test that hangs, not races: on two cores shared with two other test runs a
    // database's creation took over a minute, and imports of a few megabytes over 60 s. Nothing
    // here asserts on how long anything takes; the parsers' project compares CPU time.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The suites wait on their databases more than they compute: on two cores Vitest's default
    // (one worker per core but one) ran one file at a time and left the cores two-thirds idle.
    maxWorkers: availableParallelism() + 1,
    // A worker keeps its modules from one test file to the next instead of importing them all
    // again for each (a file spent about 2 s importing the server). Files share no state through
    // them: each makes its own database and app, and the clock fakes are undone after each test.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["{app,server,shared,scripts,tests/support}/**/*.test.{ts,tsx}"],
          exclude: [
            "**/*.postgres.test.ts",
            "**/*.pgbouncer.test.ts",
            linearParsers,
            ...(postgresUrl ? manyCases : []),
            "node_modules/**",
          ],
          globalSetup,
          provide: { databaseDriver: "pglite" },
        },
      },
      {
        // Times parsers at sizes up to 1 MB. A young generation of a fixed size large enough for
        // all a 1 MB input's parser makes keeps the collector's copying and promotions out of
        // what is measured (with the default, growing one, building the pieces of 1 MB of {{x}}
        // cost 70 times what 50 KB did, against 6 times with this), and the test empties it
        // before each measurement.
        extends: true,
        test: {
          name: "parsers",
          include: [linearParsers],
          execArgv: ["--min-semi-space-size=256", "--max-semi-space-size=256", "--expose-gc"],
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ["server/**/*.test.ts"],
                exclude: [
                  linearParsers,
                  ...withoutDatabase,
                  "**/*.pgbouncer.test.ts",
                  "node_modules/**",
                ],
                globalSetup,
                provide: { databaseDriver: "postgres" as const, postgresUrl },
              },
            },
          ]
        : []),
      ...(postgresUrl && pooledUrl
        ? [
            {
              // The suites that lean on what a pooler in transaction mode breaks (a session's
              // settings, named prepared statements, LISTEN) or must keep (limits, advisory locks
              // held to commit, transactions): their app's pool goes through PgBouncer, with one
              // session direct (tests/support/test-database.ts). The whole server/ set takes
              // several times as long (docs/decisions/0021).
              extends: true as const,
              test: {
                name: "pgbouncer",
                // TEST_POOLED_SUITES=all runs every server/ suite through it instead.
                include:
                  process.env.TEST_POOLED_SUITES === "all"
                    ? ["server/**/*.test.ts"]
                    : throughPooler,
                exclude: [linearParsers, ...withoutDatabase, "node_modules/**"],
                globalSetup,
                provide: { databaseDriver: "postgres" as const, postgresUrl, pooledUrl },
              },
            },
          ]
        : []),
    ],
  },
});
