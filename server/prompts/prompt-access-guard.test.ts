import { and, eq, sql } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrompt, createUser } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import {
  takeUnguardedReads,
  unguardedReads,
  whileAnswering,
} from "../../tests/support/unguarded-reads.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { favourites, prompts, promptVersions } from "../db/schema.ts";
import { checkedElsewhere, ownedBy, readableBy, sharedNow } from "./prompt-access.ts";

// The guard every test request runs under (tests/support/unguarded-reads.ts): a statement that
// names a prompts table needs prompt-access.ts's mark for each time it names it.

let database: DatabaseHandle;
const viewer = { userId: "00000000-0000-4000-8000-000000000001", isAdmin: false };
const original = alias(prompts, "original");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const statement = (query: { toSQL(): { sql: string } }) => query.toSQL().sql;

describe("a statement reading prompts", () => {
  it("without the rule is found", () => {
    const db = database.db;
    expect(unguardedReads(statement(db.select().from(prompts)))).toEqual([
      "prompts as prompts: named 1, marked 0",
    ]);
    expect(
      unguardedReads(statement(db.select().from(prompts).where(eq(prompts.userId, viewer.userId)))),
    ).toHaveLength(1);
    expect(
      unguardedReads(
        statement(
          db.select().from(favourites).innerJoin(prompts, eq(prompts.id, favourites.promptId)),
        ),
      ),
    ).toHaveLength(1);
    // Written by hand, upper case, an alias of its own.
    expect(
      unguardedReads("SELECT p.id FROM favourites f JOIN prompts p ON p.id = f.prompt_id"),
    ).toEqual(["prompts as p: named 1, marked 0"]);
  });

  it("with the rule on one of the tables it names but not the other is found", () => {
    const db = database.db;
    const query = db
      .select({ id: prompts.id })
      .from(prompts)
      .where(
        and(
          readableBy(viewer),
          sql`exists (select 1 from ${prompts} as ${original} where ${original.id} = ${prompts.sourcePromptId})`,
        ),
      );
    expect(unguardedReads(statement(query))).toEqual(["prompts as original: named 1, marked 0"]);
    // The same table named twice needs the mark twice.
    const twice = sql`select id from ${prompts} where ${sharedNow()} union select id from ${prompts}`;
    expect(unguardedReads(new PgDialect().sqlToQuery(twice).sql)).toEqual([
      "prompts as prompts: named 2, marked 1",
    ]);
  });

  it("with the rule on every table it names passes", () => {
    const db = database.db;
    const query = db
      .select({ id: prompts.id })
      .from(prompts)
      .leftJoin(
        original,
        and(eq(original.id, prompts.sourcePromptId), readableBy(viewer, original)),
      )
      .where(ownedBy(viewer));
    expect(unguardedReads(statement(query))).toEqual([]);
    expect(
      unguardedReads(
        statement(db.select().from(prompts).where(checkedElsewhere("chosen-by-the-rule"))),
      ),
    ).toEqual([]);
  });

  it("is told from a column, a function's argument and a write", () => {
    const db = database.db;
    expect(
      unguardedReads(
        statement(
          db
            .select({ at: sql`extract(epoch from ${prompts.updatedAt})` })
            .from(prompts)
            .where(sharedNow()),
        ),
      ),
    ).toEqual([]);
    expect(
      unguardedReads(
        statement(db.update(prompts).set({ copyCount: 1 }).where(eq(prompts.id, viewer.userId))),
      ),
    ).toEqual([]);
    expect(
      unguardedReads(statement(db.delete(prompts).where(eq(prompts.id, viewer.userId)))),
    ).toEqual([]);
    expect(unguardedReads(statement(db.select().from(promptVersions)))).toEqual([
      "prompt_versions without a prompt's rule",
    ]);
  });
});

describe("while the app answers", () => {
  it("a planted bypass is reported, and what the rule marks is not", async () => {
    const owner = await createUser(database.db);
    await createPrompt(database.db, { userId: owner.id, isShared: false });
    // What a test sends itself is not checked.
    await database.db.select().from(prompts);
    expect(takeUnguardedReads()).toEqual([]);
    // A reader that forgot the rule, run as a request runs it.
    await whileAnswering(async () => await database.db.select({ id: prompts.id }).from(prompts));
    const found = takeUnguardedReads();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('from "prompts"');
    await whileAnswering(
      async () =>
        await database.db.select({ id: prompts.id }).from(prompts).where(readableBy(viewer)),
    );
    expect(takeUnguardedReads()).toEqual([]);
  });
});
