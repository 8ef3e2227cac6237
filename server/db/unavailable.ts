// Connection failures: the database is down, restarting or unreachable. Anything else (a bad
// query, a broken constraint) is a bug or bad input, not an outage.
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATE: class 08 is connection exception; 57P01-57P03 are shutdown and "cannot connect now".
const sqlStates = /^(08...|57P0[123])$/;
const driverMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
];

/** Whether the error, or any error it wraps, says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (networkCodes.has(code) || sqlStates.test(code))) return true;
    if (driverMessages.some((text) => current instanceof Error && current.message.includes(text))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
