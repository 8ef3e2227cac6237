import { AsyncLocalStorage } from "node:async_hooks";
import { accessMark } from "../../server/prompts/prompt-access.ts";

/**
 * The guard on prompt-access.ts's rule: every statement the app sends while it answers a request
 * (an API call, a page, an MCP message) and that names a prompts table must carry the rule's
 * mark for it, once for each time it names it (the table itself, or each alias). A version's
 * text is reached through its prompt, so a statement naming prompt_versions must carry a mark
 * too. What a statement writes to (insert into, update, delete from prompts) is no read: the
 * operation decided access before writing. Statements a test sends itself, to set up or to look,
 * are not checked.
 */
export function unguardedReads(statement: string): string[] {
  const named = new Map<string, number>();
  let versions = 0;
  for (const match of statement.matchAll(tableNamed)) {
    const [, verb = "", table = "", word] = match;
    if (/^(update|insert|delete)/i.test(verb)) continue;
    if (table === "prompt_versions") {
      versions++;
      continue;
    }
    const name = word && !notAnAlias.has(word.toLowerCase()) ? word : table;
    named.set(name, (named.get(name) ?? 0) + 1);
  }
  const marks = new Map<string, number>();
  for (const [, , name = ""] of statement.matchAll(accessMark)) {
    marks.set(name, (marks.get(name) ?? 0) + 1);
  }
  const problems: string[] = [];
  for (const [name, times] of named) {
    const marked = marks.get(name) ?? 0;
    if (marked < times) problems.push(`prompts as ${name}: named ${times}, marked ${marked}`);
  }
  if (versions > 0 && marks.size === 0) problems.push("prompt_versions without a prompt's rule");
  return problems;
}

/** A table named where rows are read or written, with its alias when one follows. */
const tableNamed =
  /\b(delete\s+from|insert\s+into|update|from|join)\s+"?(prompts|prompt_versions)"?(?![\w".])(?:\s+(?:as\s+)?"?([a-z_][a-z_0-9]*)"?)?/gi;

/** Words that may follow a table's name and are not its alias. */
const notAnAlias = new Set([
  "on",
  "where",
  "join",
  "left",
  "right",
  "inner",
  "full",
  "cross",
  "natural",
  "order",
  "group",
  "having",
  "limit",
  "offset",
  "union",
  "except",
  "intersect",
  "window",
  "for",
  "set",
  "using",
  "returning",
  "values",
  "tablesample",
]);

/** Set while the app answers a request a test made (tests/support/test-app.ts). */
const answering = new AsyncLocalStorage<true>();
const found: string[] = [];

/** Runs the app's answer to one request with its statements checked. */
export function whileAnswering<T>(answer: () => T): T {
  return answering.run(true, answer);
}

/** Sees each statement a test database is sent (tests/support/test-database.ts). */
export function checkStatement(statement: string) {
  if (!answering.getStore()) return;
  const problems = unguardedReads(statement);
  if (problems.length > 0) found.push(`${problems.join("; ")}\n  ${statement}`);
}

/** The unguarded reads seen since the last call, forgotten once taken. */
export function takeUnguardedReads(): string[] {
  return found.splice(0);
}
