import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema.ts";
import { isUuid } from "../uuid.ts";
import { isStorableText } from "../validation.ts";

/** A column as a restore checks it: what its values look like, and whether one must be given. */
interface ColumnRule {
  fits: (value: unknown) => boolean;
  what: string;
  nullable: boolean;
  required: boolean;
}

// As PostgreSQL's to_json writes a timestamptz, to the microsecond, with its offset.
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;
const date = /^\d{4}-\d{2}-\d{2}$/;
const int4 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** Each kind of column the schema uses; a new kind must be added here before it is restored. */
const kinds: Record<string, Pick<ColumnRule, "fits" | "what">> = {
  PgUUID: { what: "a UUID", fits: isUuid },
  PgText: {
    what: "text without NUL characters or broken Unicode",
    fits: (value) => typeof value === "string" && isStorableText(value),
  },
  PgBoolean: { what: "true or false", fits: (value) => typeof value === "boolean" },
  PgInteger: {
    what: "a whole number that fits in 32 bits",
    fits: (value) =>
      Number.isInteger(value) && (value as number) >= int4.min && (value as number) <= int4.max,
  },
  PgBigInt53: { what: "a whole number", fits: (value) => Number.isSafeInteger(value) },
  PgTimestamp: {
    what: "a time",
    fits: (value) =>
      typeof value === "string" && timestamp.test(value) && !Number.isNaN(Date.parse(value)),
  },
  PgDateString: { what: "a date", fits: (value) => typeof value === "string" && date.test(value) },
  PgReal: {
    what: "a number",
    fits: (value) => typeof value === "number" && Number.isFinite(value),
  },
  // The workbench's values, checks and usage: always an object or a list, whose texts PostgreSQL can store.
  PgJsonb: {
    what: "a JSON object or list",
    fits: (value) =>
      typeof value === "object" && value !== null && isStorableText(JSON.stringify(value)),
  },
};

/** Every table of the schema by its SQL name, with the rules of its columns. */
const schemaTables = new Map<string, Map<string, ColumnRule>>(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      const columns = config.columns.map((column): [string, ColumnRule] => {
        // A kind not known here takes no value but null until it is added to `kinds`.
        const kind = kinds[column.columnType] ?? {
          what: `null (${column.columnType} values are not restored yet)`,
          fits: () => false,
        };
        return [
          column.name,
          { ...kind, nullable: !column.notNull, required: column.notNull && !column.hasDefault },
        ];
      });
      return [config.name, new Map(columns)];
    }),
);

/**
 * Why a row cannot go into its table, or null when it can: every column known to the schema,
 * each value of its column's kind, and every column that has no default given.
 */
export function rowProblem(tableName: string, row: unknown): string | null {
  const columns = schemaTables.get(tableName);
  if (!columns) return `${tableName} is not a table PromptShelf has`;
  if (typeof row !== "object" || row === null || Array.isArray(row))
    return "the row is not an object";
  const values = row as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) {
    const rule = columns.get(name);
    if (!rule) return `${tableName} has no column ${JSON.stringify(name.slice(0, 64))}`;
    if (value === null) {
      if (!rule.nullable) return `${tableName}.${name} cannot be empty`;
    } else if (!rule.fits(value)) {
      return `${tableName}.${name} must be ${rule.what}`;
    }
  }
  for (const [name, rule] of columns) {
    if (rule.required && !(name in values)) return `${tableName}.${name} is missing`;
  }
  return null;
}
