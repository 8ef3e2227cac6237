import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { type BackupTable, backupFormat, backupTables } from "./backup-tables.ts";

export class RestoreError extends Error {}

const batchSize = 500;

type Pending = { table: BackupTable; rows: Record<string, unknown>[] };

/**
 * Restores a backup into an empty, migrated database, in one transaction. Columns pointing into
 * their own table (a folder's parent, a saved prompt's original) are set in a second pass.
 */
export async function restoreDatabase(db: Database, path: string) {
  const [occupied] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select (select count(*) from users) + (select count(*) from prompts) as n`,
    ),
  );
  if (Number(occupied?.n) > 0) {
    throw new RestoreError("The database is not empty; restore only into a new, empty database.");
  }
  const tables = new Map<string, BackupTable>(backupTables.map((table) => [table.name, table]));
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const input = createInterface({
      input: createReadStream(path).pipe(createGunzip()),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    let header = true;
    let pending = null as Pending | null;
    const laterValues: { table: BackupTable; rows: Record<string, unknown>[] }[] = [];
    const flush = async () => {
      if (!pending || pending.rows.length === 0) return;
      await insertRows(tx, pending.table, pending.rows);
      if (pending.table.later.length)
        laterValues.push({ table: pending.table, rows: pending.rows });
      pending = { table: pending.table, rows: [] };
    };
    for await (const line of input) {
      if (!line) continue;
      const entry = JSON.parse(line) as {
        format?: string;
        table?: string;
        row?: Record<string, unknown>;
      };
      if (header) {
        if (entry.format !== backupFormat)
          throw new RestoreError("This file is not a PromptShelf backup.");
        header = false;
        continue;
      }
      const table = tables.get(entry.table ?? "");
      if (!table || !entry.row)
        throw new RestoreError(`Unknown entry in the backup: ${line.slice(0, 80)}`);
      if (!pending || pending.table !== table) {
        await flush();
        pending = { table, rows: [] };
      }
      pending.rows.push(entry.row);
      counts[table.name] = (counts[table.name] ?? 0) + 1;
      if (pending.rows.length >= batchSize) await flush();
    }
    await flush();
    for (const { table, rows } of laterValues) await setLater(tx, table, rows);
  });
  return counts;
}

async function insertRows(
  db: Pick<Database, "execute">,
  table: BackupTable,
  rows: Record<string, unknown>[],
) {
  const columns = Object.keys(rows[0] ?? {});
  const later = new Set<string>(table.later);
  const values = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map((column) => (later.has(column) ? sql`null` : sql`${row[column]}`)),
        sql`, `,
      )})`,
  );
  await db.execute(
    sql`insert into ${sql.identifier(table.name)} (${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values ${sql.join(values, sql`, `)}`,
  );
}

async function setLater(
  db: Pick<Database, "execute">,
  table: BackupTable,
  rows: Record<string, unknown>[],
) {
  for (const column of table.later) {
    for (let start = 0; start < rows.length; start += batchSize) {
      const pairs: SQL[] = rows
        .slice(start, start + batchSize)
        .filter((row) => row[column] !== null && row[column] !== undefined)
        .map((row) => sql`(${row.id}::uuid, ${row[column]}::uuid)`);
      if (pairs.length === 0) continue;
      await db.execute(
        sql`update ${sql.identifier(table.name)} set ${sql.identifier(column)} = v.target from (values ${sql.join(pairs, sql`, `)}) as v(id, target) where ${sql.identifier(table.name)}.id = v.id`,
      );
    }
  }
}
