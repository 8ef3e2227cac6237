import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { limitRefusal } from "../db/limit-refusals.ts";
import { rowsOf } from "../db/rows.ts";
import { rowProblem } from "./backup-rows.ts";
import {
  type BackupTable,
  backupFormat,
  backupTables,
  firstVersionWithHistory,
  leftOutOfBackups,
  readableVersions,
} from "./backup-tables.ts";

export class RestoreError extends Error {}

const batchSize = 500;

type Pending = { table: BackupTable; rows: Record<string, unknown>[] };

/**
 * Restores a backup into an empty, migrated database, in one transaction. Columns pointing into
 * their own table (a folder's parent, a saved prompt's original) are set in a second pass;
 * columns the database derives (a prompt's save count) are left to it.
 *
 * A backup is trusted no further than the API trusts a request: every line must be a table a
 * backup holds, every row only that table's columns with values of their kind. A session, a
 * sign-in in progress or anything unknown refuses the whole file, and nothing is restored.
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
    let version = 0;
    let lineNumber = 0;
    let pending = null as Pending | null;
    const columnsOf = new Map<string, string>();
    const laterValues: { table: BackupTable; rows: Record<string, unknown>[] }[] = [];
    const flush = async () => {
      if (!pending || pending.rows.length === 0) return;
      await insertRows(tx, pending.table, pending.rows).catch((error: unknown) => {
        throw refusedByDatabase(pending?.table.name ?? "", error);
      });
      if (pending.table.later.length)
        laterValues.push({ table: pending.table, rows: pending.rows });
      pending = { table: pending.table, rows: [] };
    };
    for await (const line of input) {
      lineNumber++;
      if (!line) continue;
      const entry = parseLine(line, lineNumber);
      if (header) {
        version = checkHeader(entry);
        header = false;
        continue;
      }
      const checked = checkEntry(entry, lineNumber, tables, version);
      if (!checked) continue;
      const { table, row } = checked;
      // Every row of a table carries the same columns, as a backup writes them.
      const columns = Object.keys(row).sort().join(",");
      if ((columnsOf.get(table.name) ?? columns) !== columns) {
        throw new RestoreError(
          `Line ${lineNumber}: its ${table.name} row has other columns than the rows before it.`,
        );
      }
      columnsOf.set(table.name, columns);
      if (!pending || pending.table !== table) {
        await flush();
        pending = { table, rows: [] };
      }
      pending.rows.push(row);
      counts[table.name] = (counts[table.name] ?? 0) + 1;
      if (pending.rows.length >= batchSize) await flush();
    }
    await flush();
    if (header) throw new RestoreError("This file is empty, not a PromptShelf backup.");
    for (const { table, rows } of laterValues) {
      await setLater(tx, table, rows).catch((error: unknown) => {
        throw refusedByDatabase(table.name, error);
      });
    }
    if (version < firstVersionWithHistory) await copiesTookVersionOne(tx);
    await advanceIdentities(tx);
  });
  return counts;
}

/**
 * Rows restored with their ids leave each identity column's sequence where it was: moved past
 * the largest id restored, the next row written gets a new one.
 */
async function advanceIdentities(db: Pick<Database, "execute">) {
  await db.execute(sql`do $$
    declare c record;
    begin
      for c in select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and is_identity = 'YES' loop
        execute format(
          'select setval(pg_get_serial_sequence(%L, %L), coalesce((select max(%I) from %I), 0) + 1, false)',
          c.table_name, c.column_name, c.column_name, c.table_name);
      end loop;
    end $$`);
}

/** As drizzle/0014 did for the database: a copy saved before versions existed took version 1. */
async function copiesTookVersionOne(db: Pick<Database, "execute">) {
  await db.execute(
    sql`update prompts set source_version = 1 where source_prompt_id is not null and source_version is null`,
  );
}

function parseLine(line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new RestoreError(`Line ${lineNumber} is not JSON: the backup is damaged.`);
  }
}

/** The backup's version, once the header says it is a backup this version reads. */
function checkHeader(entry: unknown): number {
  const header = entry as { format?: unknown; version?: unknown } | null;
  if (header?.format !== backupFormat) {
    throw new RestoreError("This file is not a PromptShelf backup.");
  }
  if (!readableVersions.includes(header.version as number)) {
    throw new RestoreError(
      `This backup's version (${JSON.stringify(header.version)}) is not one this PromptShelf reads.`,
    );
  }
  return header.version as number;
}

const signsIn = new Set(["sessions", "sign_in_attempts"]);

/**
 * A line after the header: exactly a table a backup holds and a row that fits it; or, in a
 * version 1 backup (written before they were left out), a row of a table never restored, which
 * is skipped (null).
 */
function checkEntry(
  entry: unknown,
  lineNumber: number,
  tables: Map<string, BackupTable>,
  version: number,
) {
  const fields = typeof entry === "object" && entry !== null ? Object.keys(entry) : [];
  if (fields.length !== 2 || !fields.includes("table") || !fields.includes("row")) {
    throw new RestoreError(`Line ${lineNumber} is not a table's row.`);
  }
  const { table: name, row } = entry as { table: unknown; row: unknown };
  const tableName = typeof name === "string" ? name : "";
  if (leftOutOfBackups.includes(tableName)) {
    if (version === 1) return null;
    const why = signsIn.has(tableName) ? ": it could sign someone in" : "";
    throw new RestoreError(
      `Line ${lineNumber} holds a row of ${tableName}, which is never restored${why}. Nothing was restored.`,
    );
  }
  const table = tables.get(tableName);
  if (!table) {
    throw new RestoreError(
      `Line ${lineNumber} names a table a backup does not hold: ${JSON.stringify(String(name).slice(0, 64))}.`,
    );
  }
  const problem = rowProblem(table.name, row);
  if (problem) throw new RestoreError(`Line ${lineNumber}: ${problem}.`);
  return { table, row: row as Record<string, unknown> };
}

/** The database refused a row: say which table and rule, never the values. */
function refusedByDatabase(tableName: string, error: unknown) {
  const limit = limitRefusal(error);
  if (limit) {
    return new RestoreError(
      `The database refused rows of ${tableName}: ${limit.message}. Nothing was restored.`,
    );
  }
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
  const rule = typeof constraint === "string" ? ` (${constraint})` : "";
  return new RestoreError(
    `The database refused rows of ${tableName}${rule}, PostgreSQL code ${String(code ?? "unknown")}. Nothing was restored.`,
  );
}

async function insertRows(
  db: Pick<Database, "execute">,
  table: BackupTable,
  rows: Record<string, unknown>[],
) {
  const derived = new Set<string>(table.derived);
  const columns = Object.keys(rows[0] ?? {}).filter((column) => !derived.has(column));
  const later = new Set<string>(table.later);
  const values = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map((column) => (later.has(column) ? sql`null` : valueSql(row[column]))),
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

/** A restored value: an object or list is a jsonb column's (backup-rows.ts allows no other). */
function valueSql(value: unknown) {
  return typeof value === "object" && value !== null
    ? sql`${JSON.stringify(value)}::jsonb`
    : sql`${value}`;
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
