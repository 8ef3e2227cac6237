import type { Database } from "./client.ts";

/**
 * A statement built and named once per database, for the few a public page sends on every visit:
 * Drizzle writes its SQL once, and PostgreSQL parses and plans it once per connection instead of
 * on every call (at 1,000,000 prompts, parsing and planning a prompt page's statements took 2.7 ms
 * of PostgreSQL's time against 1.5 ms to run them; docs/decisions/0019). Values go in as
 * `sql.placeholder(name)`. Behind a pooler that cannot keep prepared statements across
 * transactions they are sent unnamed (DATABASE_PREPARED_STATEMENTS=off, client.ts; decision 0021).
 */
export function prepared<Statement>(build: (db: Database) => Statement) {
  const made = new WeakMap<Database, Statement>();
  return (db: Database) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
