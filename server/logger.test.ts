import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { capturedLogger } from "../tests/support/captured-logger.ts";
import { eventually } from "../tests/support/eventually.ts";
import { createUser } from "../tests/support/factories.ts";
import { createTestDatabase } from "../tests/support/test-database.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { prompts, users } from "./db/schema.ts";
import { batchedDestination, createLogger } from "./logger.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function failureOf(query: () => Promise<unknown>) {
  try {
    await query();
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

const secret = () => `secret-${randomUUID()}`;

it.each([
  {
    what: "a prompt's text in a failed insert (foreign key)",
    code: "23503",
    constraint: "prompts_user_id_users_id_fk",
    fail: (text: string) =>
      database.db
        .insert(prompts)
        .values({ title: "t", promptText: text, isShared: false, userId: randomUUID() }),
  },
  {
    what: "a value PostgreSQL quotes in its message (bad uuid)",
    code: "22P02",
    constraint: undefined,
    fail: (text: string) =>
      database.db
        .insert(prompts)
        .values({ title: "t", promptText: "x", isShared: false, userId: text }),
  },
  {
    what: "a key PostgreSQL repeats in its detail (duplicate)",
    code: "23505",
    constraint: "users_issuer_subject_key",
    fail: async (text: string) => {
      const row = { issuer: "https://issuer.test", subject: text, email: "a@example.com" };
      await database.db.insert(users).values(row);
      await database.db.insert(users).values(row);
    },
  },
])("a logged database error keeps its code and frames, never $what", async (example) => {
  await createUser(database.db);
  const text = secret();
  const error = await failureOf(() => example.fail(text));
  // Drizzle puts the parameters in the message, so the raw error would leak them.
  expect(String((error as Error).message)).toContain(text);

  const { log, written } = capturedLogger();
  log.error({ err: error }, "prompt action failed");
  log.flush();
  const output = written();
  expect(output).not.toContain(text);
  expect(output).not.toContain("secret-");
  const line = JSON.parse(output.trim()) as { err: Record<string, unknown> };
  expect(JSON.stringify(line.err)).toContain(`"code":"${example.code}"`);
  if (example.constraint) expect(JSON.stringify(line.err)).toContain(example.constraint);
  expect(line.err.type).toBe("DrizzleQueryError");
  expect(String(line.err.stack)).toMatch(/^\s+at /);
});

it("keeps an ordinary error's type, message and stack", () => {
  const { log, written } = capturedLogger();
  log.error({ err: new TypeError("cannot read name of undefined") }, "unhandled error");
  log.flush();
  const line = JSON.parse(written().trim()) as { err: Record<string, unknown> };
  expect(line.err).toMatchObject({ type: "TypeError", message: "cannot read name of undefined" });
  expect(String(line.err.stack)).toContain("logger.test.ts");
});

it("redacts cookies, authorization headers and tokens", () => {
  const { log, written } = capturedLogger();
  const token = secret();
  log.info({ req: { headers: { cookie: token, authorization: token } }, session: { token } });
  log.flush();
  expect(written()).not.toContain(token);
});

it("writes a line within a quarter of a second, without waiting for a batch to fill", async () => {
  const dir = await mkdtemp(join(tmpdir(), "promptshelf-log-"));
  const file = join(dir, "out.log");
  const log = createLogger({
    level: "info",
    pretty: false,
    destination: batchedDestination(file),
  });
  log.info({ url: "http://localhost:3000" }, "PromptShelf is listening");
  const written = await eventually(
    () => readFile(file, "utf8").catch(() => ""),
    (text) => text.includes("PromptShelf is listening"),
  );
  expect(JSON.parse(written.trim())).toMatchObject({ msg: "PromptShelf is listening" });
  await rm(dir, { recursive: true, force: true });
});
