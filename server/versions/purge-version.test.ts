import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PromptChange } from "../../shared/prompt.ts";
import { promptPath } from "../../shared/public-address.ts";
import type { History, LeftBehind, Upstream } from "../../shared/versions.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { connectMcp, toolJson } from "../../tests/support/mcp-client.ts";
import { createTestApp, testConfig, testLogger } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { cookieNames } from "../auth/cookies.ts";
import { backupDatabase } from "../backup/backup-database.ts";
import { createKeptAnswers, type KeptAnswers } from "../cache/kept-answers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { promptVersions, storedPages } from "../db/schema.ts";
import { type ChangeFeed, createChangeFeed } from "../live/change-feed.ts";

/**
 * Purging an earlier version, through the app as the server runs it: public pages kept in
 * memory and stored in the database, told of changes by the database's change feed.
 */
let database: DatabaseHandle;
let feed: ChangeFeed;
let kept: KeptAnswers;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  kept = createKeptAnswers({
    sessionCookie: cookieNames(false).session,
    stored: { db: database.db, build: "build-a" },
  });
  feed = createChangeFeed(database, testLogger(), kept.channel);
  await feed.ready;
  app = await createTestApp({ db: database.db, config: testConfig(), kept });
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

type Person = Awaited<ReturnType<typeof apiPerson>>;
const person = () => apiPerson(database.db, app);

/** An AWS key in its real format and a real-looking address, each in a version's own field. */
const key = "AKIAZ3MSJV4WWXKPQF7Q";
const email = "ops.lead@gmail.com";
const secrets = [key, email];

/** Whichever of the secrets a text holds. */
const leaked = (text: string) => secrets.filter((secret) => text.includes(secret));

/**
 * A shared prompt whose version 1 holds the key in its text and the address in its use case
 * (its title), whose version 2 names the key in its note, and whose version 3 takes both out.
 */
async function sharedPromptWithAKeyEditedOut(owner: Person) {
  const made = await owner.call("POST", "/api/v1/prompts", {
    promptText: `Deploy with access key ${key} and post the summary.`,
    useCase: `Deploys for ${email}`,
    shared: true,
    confirm: true,
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  const second = await owner.call("PATCH", `/api/v1/prompts/${id}`, {
    promptText: `Deploy with access key ${key} and post a short summary.`,
    note: `uses ${key}`,
    confirm: true,
  });
  expect(second.status).toBe(200);
  return { id, path: promptPath(made.body) };
}

async function editOut(owner: Person, id: string) {
  const third = await owner.call("PATCH", `/api/v1/prompts/${id}`, {
    promptText: "Deploy with the access key from the vault and post a short summary.",
    useCase: "Deploys",
    note: "took the key out",
  });
  expect(third.status).toBe(200);
  // A new title is a new address; the old one moves there.
  return promptPath(third.body);
}

/** The public page as a visitor gets it, once its rendered copy is stored in the database. */
async function visitAndStore(path: string) {
  const page = await (await app.request(path)).text();
  const stored = await eventually(
    () => storedPage(path),
    (body) => body !== "",
  );
  return { page, stored };
}

async function storedPage(path: string) {
  const [row] = await database.db
    .select({ body: storedPages.body })
    .from(storedPages)
    .where(eq(storedPages.path, path));
  return row ? brotliDecompressSync(row.body).toString() : "";
}

/** Every page stored in the database, at any address. */
async function storedPagesNow() {
  const rows = await database.db.select({ body: storedPages.body }).from(storedPages);
  return rows.map((row) => brotliDecompressSync(row.body).toString()).join("\n");
}

const inMemory = (path: string) =>
  kept.fresh({ url: path, headers: { "accept-encoding": "identity" } })?.body.toString() ?? "";

/**
 * Every way the prompt's text, title and notes can be read, each as the text it answers: the
 * owner's and another signed-in person's API, the history and each version (what the history's
 * comparison shows), the public page and its stored and kept copies, MCP, every export format,
 * a backup, and searches for the key.
 */
async function everyPath(
  owner: Person,
  reader: Person,
  id: string,
  paths: { old: string; now: string },
) {
  const path = paths.now;
  const texts: Record<string, string> = {};
  for (const [who, viewer] of [
    ["owner", owner],
    ["reader", reader],
  ] as const) {
    texts[`${who}: GET prompt`] = (await viewer.call("GET", `/api/v1/prompts/${id}`)).text;
    const history = await viewer.call("GET", `/api/v1/prompts/${id}/versions`);
    texts[`${who}: versions list`] = history.text;
    for (const version of (history.body as History).versions) {
      const read = await viewer.call("GET", `/api/v1/prompts/${id}/versions/${version.number}`);
      texts[`${who}: version ${version.number}`] = read.text;
    }
    for (const q of [key, email]) {
      for (const scope of ["community", "all"]) {
        const query = new URLSearchParams({ scope, q });
        texts[`${who}: search ${scope} for ${q}`] = (
          await viewer.call("GET", `/api/v1/prompts?${query}`)
        ).text;
      }
    }
  }
  texts["public page"] = await (await app.request(path)).text();
  texts["public page data"] = await (await app.request(`${path}.data`)).text();
  texts["public page kept in memory"] = inMemory(path);
  texts["public page at its old address, kept in memory"] = inMemory(paths.old);
  texts["pages stored in the database"] = await storedPagesNow();
  for (const format of ["json", "csv", "markdown"]) {
    texts[`export ${format}`] = (await owner.call("GET", `/api/v1/export?format=${format}`)).text;
  }
  const zip = await app.request("/api/v1/export?format=prompt-files", {
    headers: { cookie: owner.actor.cookie },
  });
  texts["export prompt files"] = Object.values(unzipSync(new Uint8Array(await zip.arrayBuffer())))
    .map((file) => strFromU8(file))
    .join("\n");
  const backup = join(tmpdir(), `purge-${id}.jsonl.gz`);
  await backupDatabase(database.db, backup);
  texts.backup = gunzipSync(await readFile(backup)).toString();
  const token = await reader.call("POST", "/api/v1/tokens", { name: "MCP", scope: "read" });
  const client = await connectMcp({
    origin: "http://localhost:3000",
    token: token.body.token,
    fetch: async (url, init) => app.request(String(url), init),
  });
  texts["MCP get_prompt"] = JSON.stringify(
    toolJson(await client.callTool({ name: "get_prompt", arguments: { id } })).value,
  );
  // The reader starred it, so MCP offers it as a prompt (a slash command).
  const offered = await client.listPrompts();
  texts["MCP prompts/list"] = JSON.stringify(offered);
  for (const prompt of offered.prompts) {
    texts[`MCP prompts/get ${prompt.name}`] = JSON.stringify(
      await client.getPrompt({ name: prompt.name, arguments: {} }),
    );
  }
  await client.close();
  return texts;
}

function leaksOf(texts: Record<string, string>) {
  return Object.entries(texts)
    .filter(([, text]) => leaked(text).length > 0)
    .map(([where, text]) => `${where}: ${leaked(text).join(", ")}`);
}

describe("purging an earlier version", () => {
  it("takes what an edit removed out of every path, public, stored, kept, exported and live", async () => {
    const owner = await person();
    const reader = await person();
    const { id, path } = await sharedPromptWithAKeyEditedOut(owner);
    expect((await reader.call("PUT", `/api/v1/prompts/${id}/favourite`)).status).toBe(204);
    // The public page was read while the key was in it, so it is kept and stored.
    const before = await visitAndStore(path);
    expect(leaked(before.page)).toEqual(secrets);
    expect(leaked(before.stored)).toEqual(secrets);
    const now = await editOut(owner, id);
    const paths = { old: path, now };
    await visitAndStore(now);

    // The edit alone leaves both in the history, on the public page and in what is exported.
    const both = secrets.join(", ");
    expect(leaksOf(await everyPath(owner, reader, id, paths))).toEqual(
      [
        "owner: versions list",
        "owner: version 2",
        "owner: version 1",
        "reader: versions list",
        "reader: version 2",
        "reader: version 1",
        "public page",
        "public page data",
        "public page kept in memory",
        "pages stored in the database",
        "export json",
        "backup",
      ].map((where) => `${where}: ${both}`),
    );
    const leftBehind = await owner.call("GET", `/api/v1/prompts/${id}/versions/left-behind`);
    expect((leftBehind.body as LeftBehind).versions.map((v) => v.number)).toEqual([1, 2]);
    expect(leaked(leftBehind.text)).toEqual([]);

    const heard: PromptChange[] = [];
    const unsubscribe = feed.subscribe((change) => {
      if (change) heard.push(change);
    });
    for (const number of [1, 2]) {
      const purged = await owner.call("DELETE", `/api/v1/prompts/${id}/versions/${number}`);
      expect(purged.status).toBe(204);
    }
    // Kept pages go on hearing of it from the database, as on every instance.
    expect(
      await eventually(
        async () => inMemory(now),
        (page) => page === "",
      ),
    ).toBe("");
    unsubscribe();
    expect(heard.length).toBeGreaterThan(0);
    expect(leaked(JSON.stringify(heard))).toEqual([]);
    expect(await storedPagesNow()).toBe("");

    await visitAndStore(now);
    expect(leaksOf(await everyPath(owner, reader, id, paths))).toEqual([]);

    // The history still says the versions were, and who purged them when.
    const history = (await reader.call("GET", `/api/v1/prompts/${id}/versions`)).body as History;
    expect(history.versions.map((v) => [v.number, v.purged?.byName ?? null])).toEqual([
      [3, null],
      [2, expect.any(String)],
      [1, expect.any(String)],
    ]);
    const [, second] = history.versions;
    expect(second).toMatchObject({ title: "", category: null, note: null });
    expect(Date.parse(second?.purged?.at ?? "")).toBeGreaterThan(0);
    const rows = await database.db
      .select()
      .from(promptVersions)
      .where(eq(promptVersions.promptId, id));
    expect(rows.map((row) => [row.number, row.purgedBy, row.promptText])).toEqual([
      [1, owner.user.id, ""],
      [2, owner.user.id, ""],
    ]);
    expect((await owner.call("GET", `/api/v1/prompts/${id}/versions/left-behind`)).body).toEqual({
      versions: [],
    });
  });

  it("is the owner's alone, never of the current version, and of a purged version nothing restores", async () => {
    const owner = await person();
    const reader = await person();
    const { id } = await sharedPromptWithAKeyEditedOut(owner);
    await editOut(owner, id);
    const forbidden = await reader.call("DELETE", `/api/v1/prompts/${id}/versions/1`);
    expect(forbidden.status).toBe(403);
    // What the last edits left behind is for whoever may purge it alone.
    const asked = await reader.call("GET", `/api/v1/prompts/${id}/versions/left-behind`);
    expect(asked.status).toBe(403);
    const current = await owner.call("DELETE", `/api/v1/prompts/${id}/versions/3`);
    expect(current.status).toBe(409);
    expect(current.body.error.detail).toBe("version_current");
    const missing = await owner.call("DELETE", `/api/v1/prompts/${id}/versions/9`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.detail).toBe("version_not_found");
    expect((await owner.call("DELETE", `/api/v1/prompts/${id}/versions/1`)).status).toBe(204);
    // Again changes nothing: still purged, as first purged.
    const [purged] = await database.db
      .select({ at: promptVersions.purgedAt })
      .from(promptVersions)
      .where(and(eq(promptVersions.promptId, id), eq(promptVersions.number, 1)));
    expect((await owner.call("DELETE", `/api/v1/prompts/${id}/versions/1`)).status).toBe(204);
    const [again] = await database.db
      .select({ at: promptVersions.purgedAt })
      .from(promptVersions)
      .where(and(eq(promptVersions.promptId, id), eq(promptVersions.number, 1)));
    expect(again?.at).toEqual(purged?.at);
    const restore = await owner.call("POST", `/api/v1/prompts/${id}/versions/1/restore`);
    expect(restore.status).toBe(409);
    expect(restore.body.error.detail).toBe("version_purged");
    // Only a purge empties a version: nothing brings its content back.
    const first = and(eq(promptVersions.promptId, id), eq(promptVersions.number, 1));
    await database.db
      .update(promptVersions)
      .set({ promptText: "back", purgedAt: null })
      .where(first);
    const [row] = await database.db
      .select({ text: promptVersions.promptText, at: promptVersions.purgedAt })
      .from(promptVersions)
      .where(first);
    expect(row).toEqual({ text: "", at: again?.at });
  });

  it("leaves a copy someone saved before as theirs, and their 'original updated' view shows none of the purged version", async () => {
    const owner = await person();
    const saver = await person();
    const { id } = await sharedPromptWithAKeyEditedOut(owner);
    const copy = await saver.call("POST", `/api/v1/prompts/${id}/save`);
    expect(copy.status).toBeLessThan(300);
    const copyId = copy.body.id as string;
    await editOut(owner, id);
    const before = (await saver.call("GET", `/api/v1/prompts/${copyId}/upstream`)).body as Upstream;
    expect(leaked(JSON.stringify(before.from))).toEqual(secrets);

    expect((await owner.call("DELETE", `/api/v1/prompts/${id}/versions/2`)).status).toBe(204);
    const after = await saver.call("GET", `/api/v1/prompts/${copyId}/upstream`);
    const upstream = after.body as Upstream;
    expect(upstream.from).toBeNull();
    expect(upstream.edited).toBe(true);
    expect(leaked(JSON.stringify(upstream.current))).toEqual([]);
    // The copy is the saver's own: it keeps the text it took.
    expect(leaked(JSON.stringify(upstream.copy))).toEqual(secrets);
    expect(leaked((await saver.call("GET", `/api/v1/prompts/${copyId}`)).text)).toEqual(secrets);
  });
});
