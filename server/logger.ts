import { pino } from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines to stdout (or `destination`), written asynchronously so logging never holds up a
 * response. Errors are logged by their type, codes and stack frames (see serializeError).
 */
export function createLogger(options: {
  level: string;
  pretty: boolean;
  destination?: pino.DestinationStream;
}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    serializers: { err: serializeError, error: serializeError },
    redact: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      "token",
      "*.token",
      "password",
      "*.password",
      // Belt and braces: serializeError never writes these.
      "err.params",
      "err.detail",
      "err.where",
      "err.cause.params",
    ],
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty) return pino({ ...settings, transport: { target: "pino-pretty" } });
  return pino(settings, batchedDestination(1));
}

/** How long a line may wait in the batch before it is written anyway. */
export const logFlushMs = 250;

/**
 * Lines written in batches of up to 4 KB (one write for many requests under load), and whatever
 * waits written within a quarter of a second: someone watching the console sees the address the
 * server listens on, and each request, as they happen.
 */
export function batchedDestination(dest: number | string) {
  const destination = pino.destination({ dest, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), logFlushMs).unref();
  return destination;
}

/** What PostgreSQL says about a failure that names no value: its class, and where it arose. */
const databaseFields = [
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
] as const;

const longestQuery = 2000;
const deepestCause = 4;

/**
 * An error as the logs keep it: its type, code and stack frames, and its cause the same way.
 * A database error's message is left out: Drizzle writes every parameter into it (a prompt's
 * text, ids, cursors), and PostgreSQL quotes the offending value in its own message, detail and
 * context. Its PostgreSQL code, constraint, table and column stay, and the statement's SQL
 * (which holds placeholders, never values). Other errors keep their message.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) {
    return typeof error === "object" && error !== null ? { type: "non-error object" } : error;
  }
  const fields = error as unknown as Record<string, unknown>;
  const fromDatabase = isDatabaseError(fields);
  const serialized: Record<string, unknown> = { type: typeOf(error, fromDatabase) };
  if (!fromDatabase) serialized.message = error.message;
  else if (typeof fields.query === "string") serialized.query = fields.query.slice(0, longestQuery);
  for (const name of fromDatabase ? databaseFields : (["code"] as const)) {
    const value = fields[name];
    if (typeof value === "string" || typeof value === "number") serialized[name] = value;
  }
  serialized.stack = stackFrames(error.stack);
  if (error.cause !== undefined && depth < deepestCause) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}

/** Drizzle's query errors carry the statement's parameters; PostgreSQL's carry a SQLSTATE. */
function isDatabaseError(fields: Record<string, unknown>) {
  if ("params" in fields) return true;
  return (
    typeof fields.severity === "string" &&
    typeof fields.code === "string" &&
    /^[0-9A-Z]{5}$/.test(fields.code)
  );
}

function typeOf(error: Error, fromDatabase: boolean) {
  const name = error.constructor?.name ?? "";
  // PGlite's error class has a minified name; PostgreSQL's own is DatabaseError.
  if (fromDatabase && name.length < 3) return "DatabaseError";
  return name || error.name;
}

/** The "at ..." lines alone: the first line of a stack repeats the message. */
function stackFrames(stack: string | undefined) {
  return (stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}
