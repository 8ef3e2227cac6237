import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../server/db/client.ts";
import { projectRoot } from "../../server/project-root.ts";
import { query, seedLibrary } from "./seed-library.ts";

/**
 * A database holding `count` generated prompts, kept between runs (bench/work/ for PGlite, a
 * promptshelf_bench_<count> database on PostgreSQL) because loading a million rows takes minutes.
 */
export async function benchDatabase(options: {
  count: number;
  postgresUrl?: string;
  log: (line: string) => void;
}): Promise<{ handle: DatabaseHandle; target: string }> {
  let handle: DatabaseHandle;
  let target: string;
  if (options.postgresUrl) {
    const name = `promptshelf_bench_${options.count}`;
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(options.postgresUrl);
    url.pathname = `/${name}`;
    target = url.href;
    handle = await openDatabase({ driver: "postgres", url: target, poolSize: 20 });
  } else {
    target = join(projectRoot, "bench/work", `pglite-${options.count}`);
    const fresh = !existsSync(target);
    handle = await openDatabase({ driver: "pglite", dataDir: target });
    if (fresh) options.log(`created ${target}`);
  }
  const [row] = await query<{ n: string }>(handle, "SELECT count(*) AS n FROM prompts");
  if (Number(row?.n) !== options.count) {
    options.log(
      `loading ${options.count.toLocaleString("en-US")} prompts into ${handle.driver}...`,
    );
    await query(handle, "TRUNCATE prompts CASCADE");
    await seedLibrary(handle, options.count, options.log);
  }
  return { handle, target };
}
