import pg from "pg";
import type { DatabaseTarget } from "../../server/db/client.ts";

/** A new, empty database on the PostgreSQL server (dropped first if a run left it behind). */
export async function freshPostgres(serverUrl: string, databaseName: string) {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const target: DatabaseTarget = { driver: "postgres", url: url.href };
  return {
    target,
    env: { DATABASE_URL: url.href },
    remove: () => admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
  };
}
