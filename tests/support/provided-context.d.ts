declare module "vitest" {
  export interface ProvidedContext {
    databaseDriver: "pglite" | "postgres";
    postgresUrl: string;
    /** PostgreSQL through PgBouncer in transaction mode: what the app's pool connects to. */
    pooledUrl?: string;
    /** PGlite: a file holding a dumped, migrated data directory. */
    pgliteSnapshotPath: string;
    /** PostgreSQL: a migrated database each test file copies. */
    postgresTemplate: string;
    /** The pages as built for this run (app-build-setup.ts): the server bundle's path. */
    pagesBuildPath: string;
  }
}

export {};
