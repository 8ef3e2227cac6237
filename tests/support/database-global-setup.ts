import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client.ts";
import { databaseUrlFor } from "./database-url.ts";

/** Migrates one database per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const { databaseDriver, postgresUrl } = project.config.provide;
  if (databaseDriver === "postgres" && postgresUrl)
    return preparePostgresTemplate(project, postgresUrl);
  return preparePgliteSnapshot(project);
}

async function preparePgliteSnapshot(project: TestProject) {
  const handle = await openDatabase({ driver: "pglite", memory: true });
  if (handle.driver !== "pglite") throw new Error("expected PGlite");
  const snapshot = await handle.client.dumpDataDir("none");
  await handle.close();
  const dir = await mkdtemp(join(tmpdir(), "promptshelf-test-"));
  const path = join(dir, "migrated.tar");
  await writeFile(path, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshotPath", path);
  return () => rm(dir, { recursive: true, force: true });
}

async function preparePostgresTemplate(project: TestProject, url: string) {
  const runId = randomBytes(4).toString("hex");
  const template = `promptshelf_${runId}_template`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ driver: "postgres", url: databaseUrlFor(url, template) });
  await handle.close();
  project.provide("postgresTemplate", template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`promptshelf_${runId}_%`],
    );
    for (const { datname } of rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}
