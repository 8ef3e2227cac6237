import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { type BackupTable, backupFormat, backupTables, backupVersion } from "./backup-tables.ts";

const batchSize = 1000;

/**
 * Writes every table to a gzipped JSON-lines file, read inside one repeatable-read transaction
 * so the copy is consistent while the app keeps writing. Returns the rows written per table.
 */
export async function backupDatabase(db: Database, path: string) {
  const counts: Record<string, number> = {};
  await db.transaction(
    async (tx) => {
      async function* lines() {
        yield `${JSON.stringify({ format: backupFormat, version: backupVersion, createdAt: new Date().toISOString() })}\n`;
        for (const table of backupTables) {
          counts[table.name] = 0;
          for await (const row of readTable(tx, table)) {
            counts[table.name] = (counts[table.name] ?? 0) + 1;
            yield `${JSON.stringify({ table: table.name, row })}\n`;
          }
        }
      }
      // Everyone's email and private prompts: readable by the file's owner only.
      await pipeline(lines, createGzip(), createWriteStream(path, { mode: 0o600 }));
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return counts;
}

/** A table's rows in key order, a batch at a time. */
async function* readTable(db: Pick<Database, "execute">, table: BackupTable) {
  const key = table.key.map((column) => sql.identifier(column));
  const keyList = sql.join(key, sql`, `);
  let after: unknown[] | null = null;
  while (true) {
    const where: ReturnType<typeof sql> = after
      ? sql`where (${keyList}) > (${sql.join(
          after.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : sql``;
    // to_json keeps every value exact (timestamps to the microsecond), unlike a round trip through Date.
    const rows = rowsOf<{ row: Record<string, unknown> | string }>(
      await db.execute(
        sql`select to_json(t) as row from ${sql.identifier(table.name)} t ${where} order by ${keyList} limit ${batchSize}`,
      ),
    ).map(({ row }) =>
      typeof row === "string" ? (JSON.parse(row) as Record<string, unknown>) : row,
    );
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = table.key.map((column) => last[column]);
  }
}
