import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrompt, createUser, signedInCookie } from "../../tests/support/factories.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { sha256 } from "../auth/tokens.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import * as schema from "../db/schema.ts";
import {
  collectionItems,
  collectionStars,
  collections,
  favourites,
  folders,
  modelConnections,
  profiles,
  promptCopies,
  promptLabels,
  promptRuns,
  promptSuggestions,
  prompts,
  promptTags,
  promptTestResults,
  promptTests,
  promptVersions,
  rateLimits,
  signInAttempts,
  tags,
  teamMembers,
  teams,
} from "../db/schema.ts";
import { backupDatabase } from "./backup-database.ts";
import { backupTables, leftOutOfBackups } from "./backup-tables.ts";
import { RestoreError, restoreDatabase } from "./restore-database.ts";

let source: DatabaseHandle;
let target: DatabaseHandle;
let empty: DatabaseHandle;
let dir: string;

beforeAll(async () => {
  source = await createTestDatabase();
  target = await createTestDatabase();
  empty = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "promptshelf-backup-"));
});
afterAll(async () => {
  await source.close();
  await target.close();
  await empty.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every table, every row, exactly as the database renders it. */
async function everyTable(db: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of backupTables) {
    const key = sql.join(
      table.key.map((c) => sql.identifier(c)),
      sql`, `,
    );
    out[table.name] = rowsOf<{ row: unknown }>(
      await db.execute(
        sql`select to_json(t)::text as row from ${sql.identifier(table.name)} t order by ${key}`,
      ),
    ).map(({ row }) => row);
  }
  return out;
}

it("restores a backup into an empty database with every table the same", async () => {
  const db = source.db;
  const ada = await createUser(db, { email: "ada@example.com", name: "Ada" });
  const bob = await createUser(db, { email: "bob@example.com", name: null });
  const cookie = await signedInCookie(db, ada.id);
  await db.insert(signInAttempts).values({
    idHash: sha256("attempt"),
    state: "state-secret",
    nonce: "nonce-secret",
    codeVerifier: "verifier-secret",
    returnTo: "/",
    expiresAt: new Date(Date.now() + 600_000),
  });
  await db.insert(rateLimits).values({ key: "write:ada", windowStart: new Date(), hits: 3 });
  const [top] = await db.insert(folders).values({ userId: ada.id, name: "Top" }).returning();
  const [child] = await db
    .insert(folders)
    .values({ userId: ada.id, name: "Child", parentId: top?.id })
    .returning();
  const original = await createPrompt(db, {
    userId: bob.id,
    isShared: true,
    promptText: 'Shared "quotes" ✨\nand lines',
  });
  const saved = await createPrompt(db, {
    userId: ada.id,
    isShared: false,
    folderId: child?.id,
    sourcePromptId: original.id,
  });
  for (let i = 0; i < 1200; i++) await createPrompt(db, { userId: bob.id, isShared: i % 2 === 0 });
  const [tag] = await db.insert(tags).values({ userId: ada.id, name: "Writing" }).returning();
  await db.insert(promptTags).values({ promptId: saved.id, tagId: tag?.id ?? "" });
  await db.insert(favourites).values({ userId: ada.id, promptId: original.id });
  await db
    .insert(promptCopies)
    .values({ promptId: original.id, userId: ada.id, day: "2026-01-02" });
  await db
    .update(profiles)
    .set({ isPublic: true, handle: "ada", displayName: "Ada L.", showAvatar: true })
    .where(eq(profiles.id, ada.id));
  const [collection] = await db
    .insert(collections)
    .values({ userId: ada.id, title: "Favourites to share", isPublic: true })
    .returning();
  await db.insert(collectionItems).values({
    collectionId: collection?.id ?? "",
    promptId: original.id,
    position: 0,
    note: "Best",
  });
  await db.insert(collectionStars).values({ collectionId: collection?.id ?? "", userId: bob.id });
  // The workbench: a connection whose key is kept sealed, a kept run, a test case and its outcome.
  const [connection] = await db
    .insert(modelConnections)
    .values({
      userId: ada.id,
      name: "Local",
      kind: "openai-compatible",
      baseUrl: "http://localhost:11434/v1",
      sealedKey: "aXY.dGFn.c2VhbGVk",
      keySecretId: "secret-id",
    })
    .returning();
  await db.insert(promptRuns).values({
    promptId: saved.id,
    version: 1,
    userId: ada.id,
    connectionId: connection?.id,
    connectionName: "Local",
    model: "llama3.2",
    temperature: 0.7,
    maxTokens: 200,
    values: { topic: "tea", 'a "quoted" name': "✨" },
    output: "An answer\nover lines",
    usage: { inputTokens: 12, outputTokens: null },
    ms: 950,
    firstTokenMs: 120,
  });
  const [test] = await db
    .insert(promptTests)
    .values({
      promptId: saved.id,
      name: "Greets",
      values: {},
      checks: [
        { kind: "contains", value: "Hello" },
        { kind: "json-schema", value: '{"type":"object"}' },
      ],
    })
    .returning();
  await db.insert(promptTestResults).values({
    testId: test?.id ?? "",
    promptId: saved.id,
    version: 1,
    passed: false,
    output: "Hi",
    failures: ["Expected the answer to contain “Hello”."],
    connectionName: "Local",
    model: "llama3.2",
  });
  // A team's prompt at version 2, labelled on both versions, with a suggestion taken and one pending.
  const [team] = await db.insert(teams).values({ name: "Lab" }).returning();
  await db.insert(teamMembers).values([
    { teamId: team?.id ?? "", userId: ada.id, role: "owner" },
    { teamId: team?.id ?? "", userId: bob.id, role: "viewer" },
  ]);
  const teamPrompt = await createPrompt(db, { userId: ada.id, teamId: team?.id, promptText: "v1" });
  await db.update(prompts).set({ promptText: "v2" }).where(eq(prompts.id, teamPrompt.id));
  await db.insert(promptLabels).values([
    { promptId: teamPrompt.id, label: "production", version: 1, movedBy: ada.id },
    { promptId: teamPrompt.id, label: "staging", version: 2, movedBy: null },
  ]);
  await db.insert(promptSuggestions).values([
    {
      promptId: teamPrompt.id,
      authorId: bob.id,
      promptText: "v2",
      note: "Shorter",
      baseVersion: 1,
    },
    {
      promptId: teamPrompt.id,
      authorId: bob.id,
      promptText: "v0",
      note: null,
      baseVersion: 1,
      status: "declined",
      decidedBy: ada.id,
      decidedAt: new Date(),
    },
  ]);

  const file = join(dir, "backup.jsonl.gz");
  const counts = await backupDatabase(db, file);
  // Only its owner may read it: it holds everyone's private prompts.
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(counts).toMatchObject({
    users: 2,
    prompts: 1203,
    folders: 2,
    tags: 1,
    prompt_tags: 1,
    favourites: 1,
    prompt_copies: 1,
    collections: 1,
    collection_items: 1,
    collection_stars: 1,
    model_connections: 1,
    prompt_runs: 1,
    prompt_tests: 1,
    prompt_test_results: 1,
    teams: 1,
    team_members: 2,
    prompt_labels: 2,
    prompt_suggestions: 2,
  });
  // No session, no sign-in in progress, no rate limit count: nothing in a backup signs anyone in.
  const written = gunzipSync(await readFile(file)).toString();
  const tablesWritten = new Set(
    written
      .split("\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { table: string }).table),
  );
  for (const table of ["sessions", "sign_in_attempts", "rate_limits"]) {
    expect(tablesWritten).not.toContain(table);
  }
  expect(written).not.toContain(sha256(cookie.slice("ps_session=".length)));
  expect(written).not.toContain("verifier-secret");

  await restoreDatabase(target.db, file);
  expect(await everyTable(target.db)).toEqual(await everyTable(db));
  await expect(restoreDatabase(target.db, file)).rejects.toThrow(RestoreError);
});

it("restores versions, saved copies' links and save counts exactly, counting no save twice", async () => {
  const from = await createTestDatabase();
  const into = await createTestDatabase();
  try {
    const db = from.db;
    const [ada, bob, cy] = [await createUser(db), await createUser(db), await createUser(db)];
    const original = await createPrompt(db, { userId: bob.id, isShared: true, promptText: "v1" });
    const edit = (id: string, change: Partial<typeof prompts.$inferInsert>) =>
      db.update(prompts).set(change).where(eq(prompts.id, id));
    await edit(original.id, { promptText: "v2", versionNote: "shorter" });
    await edit(original.id, { promptText: "v3", versionAuthorId: ada.id, versionNote: null });
    await edit(original.id, { promptText: "v1", versionAuthorId: null, versionRestoredFrom: 1 });
    const copy = (userId: string, source: { id: string }, sourceVersion: number) =>
      createPrompt(db, { userId, sourcePromptId: source.id, sourceVersion });
    const adasCopy = await copy(ada.id, original, 2);
    await edit(adasCopy.id, { promptText: "Ada's own words" });
    await copy(cy.id, original, 4);
    // A copy whose original was deleted keeps the version it took: "original removed".
    const gone = await createPrompt(db, { userId: bob.id, isShared: true });
    const orphan = await copy(ada.id, gone, 1);
    await db.delete(prompts).where(eq(prompts.id, gone.id));

    const file = join(dir, "versions.jsonl.gz");
    expect(await backupDatabase(db, file)).toMatchObject({ prompts: 4, prompt_versions: 4 });
    await restoreDatabase(into.db, file);
    expect(await everyTable(into.db)).toEqual(await everyTable(db));
    const restored = async (id: string) =>
      (await into.db.select().from(prompts).where(eq(prompts.id, id)))[0];
    expect(await restored(original.id)).toMatchObject({ version: 4, saveCount: 2 });
    expect(await restored(adasCopy.id)).toMatchObject({
      sourcePromptId: original.id,
      sourceVersion: 2,
      version: 2,
    });
    expect(await restored(orphan.id)).toMatchObject({ sourcePromptId: null, sourceVersion: 1 });
    const versions = await into.db
      .select()
      .from(promptVersions)
      .where(eq(promptVersions.promptId, original.id))
      .orderBy(promptVersions.number);
    expect(
      versions.map((v) => [v.number, v.promptText, v.note, v.authorId, v.restoredFrom]),
    ).toEqual([
      [1, "v1", null, null, null],
      [2, "v2", "shorter", null, null],
      [3, "v3", null, ada.id, null],
    ]);
  } finally {
    await from.close();
    await into.close();
  }
});

it("backs up every table in the schema, or leaves it out on purpose", () => {
  const inSchema = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableConfig(table as PgTable).name)
    .sort();
  const accounted = [...backupTables.map((table) => table.name), ...leftOutOfBackups].sort();
  expect(accounted).toEqual(inSchema);
  expect(leftOutOfBackups).toEqual(
    expect.arrayContaining(["sessions", "sign_in_attempts", "rate_limits"]),
  );
});

describe("a crafted backup is refused, and nothing is restored", () => {
  const header = {
    format: "promptshelf-backup",
    version: 3,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
  const adminId = randomUUID();
  const admin = {
    id: adminId,
    issuer: "https://accounts.google.com",
    subject: "1",
    email: "admin@example.com",
    name: "Admin",
    avatar_url: null,
    created_at: "2026-01-01T00:00:00.123456+00:00",
    last_sign_in_at: "2026-01-01T00:00:00+00:00",
  };
  const prompt = {
    id: randomUUID(),
    title: "Untitled",
    prompt_text: "Hello",
    category: null,
    user_id: adminId,
    is_shared: true,
    created_by_admin: false,
    folder_id: null,
    copy_count: 0,
    source_prompt_id: null,
    created_at: "2026-01-01T00:00:00.123+00:00",
    updated_at: "2026-01-01T00:00:00.123+00:00",
  };
  const row = (table: string, values: Record<string, unknown>) => ({ table, row: values });
  const otherId = randomUUID();
  const folder = (userId: string, name: string) => ({
    id: randomUUID(),
    user_id: userId,
    parent_id: null,
    name,
    created_at: "2026-01-01T00:00:00.123+00:00",
  });
  // Folder rows with fixed ids, each inside the one before, as a chain of the given length.
  const chainIdsByLength = new Map<number, string[]>();
  const chainIds = (length: number) => {
    const ids = chainIdsByLength.get(length) ?? Array.from({ length }, () => randomUUID());
    chainIdsByLength.set(length, ids);
    return ids;
  };
  const folderChain = (length: number, userId: string) =>
    chainIds(length).map((id, i, ids) =>
      row("folders", { ...folder(userId, `level ${i + 1}`), id, parent_id: ids[i - 1] ?? null }),
    );
  const folderLoop = () => {
    const [a, b] = [randomUUID(), randomUUID()];
    return [
      row("folders", { ...folder(adminId, "A"), id: a, parent_id: b }),
      row("folders", { ...folder(adminId, "B"), id: b, parent_id: a }),
    ];
  };
  const session = row("sessions", {
    token_hash: sha256("planted"),
    user_id: adminId,
    created_at: "2026-01-01T00:00:00+00:00",
    last_seen_at: "2026-01-01T00:00:00+00:00",
    expires_at: "2099-01-01T00:00:00+00:00",
  });

  const crafted: [string, unknown[]][] = [
    ["a session for an administrator", [header, row("users", admin), session]],
    ["a session before any person", [header, session, row("users", admin)]],
    [
      "a sign-in in progress",
      [
        header,
        row("sign_in_attempts", {
          id_hash: "x",
          state: "s",
          nonce: "n",
          code_verifier: "v",
          return_to: "/",
          expires_at: "2099-01-01T00:00:00+00:00",
        }),
      ],
    ],
    [
      "a rate limit count",
      [header, row("rate_limits", { key: "k", window_start: admin.created_at, hits: 1 })],
    ],
    ["an unknown table", [header, row("users", admin), row("api_keys", { id: "x" })]],
    ["an unknown column", [header, row("users", { ...admin, is_admin: true })]],
    ["a column of another table", [header, row("users", { ...admin, token_hash: "x" })]],
    ["an id that is not a UUID", [header, row("users", { ...admin, id: "1" })]],
    ["text with a NUL", [header, row("users", { ...admin, name: "a\u0000b" })]],
    ["a number for text", [header, row("users", { ...admin, email: 1 })]],
    ["null where a value is needed", [header, row("users", { ...admin, email: null })]],
    ["a needed column missing", [header, row("users", { id: adminId, issuer: "i" })]],
    ["a time that is not a time", [header, row("users", { ...admin, created_at: "soon" })]],
    [
      "a flag that is not true or false",
      [header, row("users", admin), row("prompts", { ...prompt, is_shared: "yes" })],
    ],
    [
      "a count past int4",
      [header, row("users", admin), row("prompts", { ...prompt, copy_count: 2 ** 31 })],
    ],
    [
      "a save count past int4, though a restore counts saves again",
      [header, row("users", admin), row("prompts", { ...prompt, save_count: 2 ** 31 })],
    ],
    [
      "a fractional count",
      [header, row("users", admin), row("prompts", { ...prompt, copy_count: 1.5 })],
    ],
    ["a row that is a list", [header, { table: "users", row: [adminId] }]],
    ["an entry with more than a table and a row", [header, { ...row("users", admin), sql: "x" }]],
    [
      "rows of one table with different columns",
      [
        header,
        row("users", admin),
        row("users", { ...admin, id: randomUUID(), subject: "2", avatar_url: undefined }),
      ],
    ],
    ["a row pointing at no one", [header, row("prompts", { ...prompt, user_id: randomUUID() })]],
    ["another format", [{ ...header, format: "something-else" }, row("users", admin)]],
    ["a version from the future", [{ ...header, version: 99 }, row("users", admin)]],
    ["no header", [row("users", admin)]],
  ];

  it.each(crafted)("%s", async (_, lines) => {
    const file = join(dir, `crafted-${randomUUID()}.jsonl.gz`);
    await writeFile(file, gzipSync(lines.map((line) => JSON.stringify(line)).join("\n")));
    await expect(restoreDatabase(empty.db, file)).rejects.toThrow(RestoreError);
    const [counts] = rowsOf<{ users: number; sessions: number; prompts: number }>(
      await empty.db.execute(
        sql`select (select count(*) from users)::int as users, (select count(*) from sessions)::int as sessions, (select count(*) from prompts)::int as prompts`,
      ),
    );
    expect(counts).toEqual({ users: 0, sessions: 0, prompts: 0 });
  });

  it.each([
    [
      "two folders inside each other",
      [header, row("users", admin), ...folderLoop()],
      "A folder cannot move inside itself",
    ],
    [
      "folders 33 levels deep",
      [header, row("users", admin), ...folderChain(33, adminId)],
      "Folders can be nested at most 32 levels deep",
    ],
    [
      "a folder inside another person's",
      [
        header,
        row("users", admin),
        row("users", { ...admin, id: otherId, subject: "2", email: "other@example.com" }),
        ...folderChain(1, otherId),
        row("folders", { ...folder(adminId, "mine"), parent_id: chainIds(1)[0] }),
      ],
      "Folder not found",
    ],
  ])("%s, by the database's own folder rules", async (_, lines, refusal) => {
    const file = join(dir, `crafted-${randomUUID()}.jsonl.gz`);
    await writeFile(file, gzipSync(lines.map((line) => JSON.stringify(line)).join("\n")));
    await expect(restoreDatabase(empty.db, file)).rejects.toThrow(
      `The database refused rows of folders: ${refusal}. Nothing was restored.`,
    );
    const [left] = rowsOf<{ n: number }>(
      await empty.db.execute(sql`select (select count(*) from users)::int as n`),
    );
    expect(left?.n).toBe(0);
  });

  it("a line that is not JSON", async () => {
    const file = join(dir, "not-json.jsonl.gz");
    await writeFile(file, gzipSync(`${JSON.stringify(header)}\n{"table": "users", "row": {`));
    await expect(restoreDatabase(empty.db, file)).rejects.toThrow(RestoreError);
  });

  it("a version 1 backup restores without its sessions, sign-ins and rate limits", async () => {
    const file = join(dir, "version-1.jsonl.gz");
    const lines = [
      { ...header, version: 1 },
      row("users", admin),
      session,
      row("rate_limits", { key: "k", window_start: admin.created_at, hits: 1 }),
      row("prompts", prompt),
    ];
    await writeFile(file, gzipSync(lines.map((line) => JSON.stringify(line)).join("\n")));
    expect(await restoreDatabase(empty.db, file)).toEqual({ users: 1, prompts: 1 });
    const [left] = rowsOf<{ sessions: number; limits: number }>(
      await empty.db.execute(
        sql`select (select count(*) from sessions)::int as sessions, (select count(*) from rate_limits)::int as limits`,
      ),
    );
    expect(left).toEqual({ sessions: 0, limits: 0 });
    await empty.db.execute(sql`truncate users cascade`);
  });

  it("a version 2 backup's saved copies took their original's version 1", async () => {
    const file = join(dir, "version-2.jsonl.gz");
    const copy = { ...prompt, id: randomUUID(), source_prompt_id: prompt.id };
    const lines = [
      { ...header, version: 2 },
      row("users", admin),
      row("prompts", prompt),
      row("prompts", copy),
    ];
    await writeFile(file, gzipSync(lines.map((line) => JSON.stringify(line)).join("\n")));
    expect(await restoreDatabase(empty.db, file)).toEqual({ users: 1, prompts: 2 });
    const [restored] = await empty.db.select().from(prompts).where(eq(prompts.id, copy.id));
    expect(restored).toMatchObject({ sourcePromptId: prompt.id, sourceVersion: 1, version: 1 });
    const [original] = await empty.db.select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(original?.saveCount).toBe(1);
    await empty.db.execute(sql`truncate users cascade`);
  });

  it("but the same backup without its session restores", async () => {
    const file = join(dir, "clean.jsonl.gz");
    const lines = [header, row("users", admin), row("prompts", prompt)];
    await writeFile(file, gzipSync(lines.map((line) => JSON.stringify(line)).join("\n")));
    expect(await restoreDatabase(empty.db, file)).toEqual({ users: 1, prompts: 1 });
  });
});
