import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type TestCase, testsPerPrompt } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptTests } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { isUuid } from "../uuid.ts";
import { requirePromptPrivateData } from "./prompt-workbench-access.ts";
import { assertSchemasCompile, type newTestInput, type testChangeInput } from "./test-input.ts";

type TestRow = typeof promptTests.$inferSelect;

function testCaseOf(row: TestRow): TestCase {
  return { id: row.id, name: row.name, values: row.values, checks: row.checks };
}

/** A prompt's test cases, oldest first. */
export async function listTests(options: {
  db: Database;
  viewer: Viewer | null;
  promptId: string;
}): Promise<{ tests: TestCase[] }> {
  const viewer = requireViewer(options.viewer);
  const prompt = await requirePromptPrivateData(options.db, viewer, options.promptId, "read");
  return { tests: (await testRows(options.db, prompt.id)).map(testCaseOf) };
}

export function testRows(db: Database, promptId: string) {
  return db
    .select()
    .from(promptTests)
    .where(eq(promptTests.promptId, promptId))
    .orderBy(asc(promptTests.createdAt), asc(promptTests.id));
}

export async function createTest(options: {
  db: Database;
  viewer: Viewer | null;
  promptId: string;
  input: z.infer<typeof newTestInput>;
}): Promise<TestCase> {
  const viewer = requireViewer(options.viewer);
  const { db, input } = options;
  const prompt = await requirePromptPrivateData(db, viewer, options.promptId, "change");
  await assertSchemasCompile(input.checks);
  const [held] = await db
    .select({ n: count() })
    .from(promptTests)
    .where(eq(promptTests.promptId, prompt.id));
  if ((held?.n ?? 0) >= testsPerPrompt) {
    throw new AppError(
      "payload_too_large",
      `A prompt has at most ${testsPerPrompt} test cases. Delete one to add another.`,
    );
  }
  const [row] = await db
    .insert(promptTests)
    .values({ promptId: prompt.id, name: input.name, values: input.values, checks: input.checks })
    .returning();
  if (!row) throw new Error("no test case created");
  return testCaseOf(row);
}

async function requireTest(db: Database, viewer: Viewer, promptId: string, id: string) {
  const prompt = await requirePromptPrivateData(db, viewer, promptId, "change");
  if (!isUuid(id)) throw testNotFound();
  const [row] = await db
    .select()
    .from(promptTests)
    .where(and(eq(promptTests.id, id), eq(promptTests.promptId, prompt.id)));
  if (!row) throw testNotFound();
  return row;
}

function testNotFound() {
  return new AppError("not_found", "Test case not found", "test_not_found");
}

/** Changes a test case; its outcomes so far stay, as they were run. */
export async function updateTest(options: {
  db: Database;
  viewer: Viewer | null;
  promptId: string;
  id: string;
  input: z.infer<typeof testChangeInput>;
}): Promise<TestCase> {
  const viewer = requireViewer(options.viewer);
  const { db, input } = options;
  const row = await requireTest(db, viewer, options.promptId, options.id);
  if (input.checks) await assertSchemasCompile(input.checks);
  const [changed] = await db
    .update(promptTests)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.values === undefined ? {} : { values: input.values }),
      ...(input.checks === undefined ? {} : { checks: input.checks }),
      updatedAt: sql`now()`,
    })
    .where(eq(promptTests.id, row.id))
    .returning();
  if (!changed) throw testNotFound();
  return testCaseOf(changed);
}

/** Deletes a test case and its outcomes. */
export async function deleteTest(options: {
  db: Database;
  viewer: Viewer | null;
  promptId: string;
  id: string;
}) {
  const viewer = requireViewer(options.viewer);
  const row = await requireTest(options.db, viewer, options.promptId, options.id);
  await options.db.delete(promptTests).where(eq(promptTests.id, row.id));
}
