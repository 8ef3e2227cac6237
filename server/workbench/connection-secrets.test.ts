import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { capturedLogger } from "../../tests/support/captured-logger.ts";
import { createPrompt, signedInCookie } from "../../tests/support/factories.ts";
import { type ModelServer, startModelServer } from "../../tests/support/model-server.ts";
import { testConfig, testKeptAnswers } from "../../tests/support/test-app.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { workbenchEnv } from "../../tests/support/workbench-helpers.ts";
import { backupDatabase } from "../backup/backup-database.ts";
import { restoreDatabase } from "../backup/restore-database.ts";
import { ConfigError, parseConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { modelConnections } from "../db/schema.ts";
import { createApp } from "../http/app.ts";
import { connectionSecretFrom, loadConnectionSecret, secretFileName } from "./connection-secret.ts";

const key = "sk-never-leaves-7f3a9c21e8d04b6a";

let source: DatabaseHandle;
let restored: DatabaseHandle;
let restoredElsewhere: DatabaseHandle;
let models: ModelServer;
let dir: string;
beforeAll(async () => {
  [source, restored, restoredElsewhere] = await Promise.all([
    createTestDatabase(),
    createTestDatabase(),
    createTestDatabase(),
  ]);
  models = await startModelServer();
  dir = await mkdtemp(join(tmpdir(), "promptshelf-secrets-"));
});
afterAll(async () => {
  await Promise.all([source.close(), restored.close(), restoredElsewhere.close(), models.close()]);
  await rm(dir, { recursive: true, force: true });
});

/** The app as the server makes it, with this run's pages, logging into memory. */
async function appLogging(db: DatabaseHandle["db"], env: Record<string, string> = workbenchEnv) {
  const logger = capturedLogger();
  const config = testConfig(env);
  const build = (await import(inject("pagesBuildPath"))) as ServerBuild;
  const app = createApp({
    config,
    db,
    log: logger.log,
    loadBuild: async () => build,
    kept: testKeptAnswers(config),
  });
  return { app, written: logger.written };
}

describe("an API key", () => {
  it("never leaves the server: not in any answer, the export, the backup, a log line or the row", async () => {
    const { app, written } = await appLogging(source.db);
    const ada = await apiPerson(source.db, app);
    const answers: string[] = [];
    const made = await ada.call("POST", "/api/v1/connections", {
      name: "Keyed",
      kind: "openai-compatible",
      baseUrl: models.openAiUrl,
      apiKey: key,
    });
    answers.push(made.text);
    const id = (made.body as { id: string }).id;
    answers.push((await ada.call("GET", "/api/v1/connections")).text);
    answers.push((await ada.call("PATCH", `/api/v1/connections/${id}`, { name: "K" })).text);
    answers.push((await ada.call("GET", `/api/v1/connections/${id}/models`)).text);
    const prompt = await createPrompt(source.db, { userId: ada.user.id, promptText: "Hi" });
    const run = { promptId: prompt.id, connectionId: id, model: "stand-in-small" };
    answers.push((await ada.call("POST", "/api/v1/runs", run)).text);
    answers.push((await ada.call("GET", `/api/v1/prompts/${prompt.id}/runs`)).text);
    // A service that quotes the key back in its refusal, as OpenAI does in part.
    models.answer(() => ({ status: 401, errorMessage: `Incorrect API key provided: ${key}.` }));
    const refusedKey = models.nextRequest();
    const refused = await ada.call("POST", "/api/v1/runs", run);
    expect(refused.status).toBe(502);
    expect((await refusedKey).headers.authorization).toBe(`Bearer ${key}`);
    expect(refused.body.error.message).toBe(
      "The model service refused the API key (401): Incorrect API key provided: [your key].",
    );
    answers.push(refused.text);
    models.answer(() => ({}));
    for (const format of ["json", "csv", "markdown"]) {
      answers.push((await ada.call("GET", `/api/v1/export?format=${format}`)).text);
    }
    for (const page of ["/workbench", "/dashboard", "/settings"]) {
      const html = await ada.call("GET", page);
      expect(html.status, page).toBe(200);
      answers.push(html.text);
    }
    for (const answer of answers) expect(answer).not.toContain(key);
    expect(written()).not.toContain(key);
    expect(written()).toContain("/api/v1/connections");

    const [row] = await source.db.select().from(modelConnections);
    expect(JSON.stringify(row)).not.toContain(key);

    const file = join(dir, "backup.jsonl.gz");
    await backupDatabase(source.db, file);
    const text = gunzipSync(await readFile(file)).toString("utf8");
    expect(text).toContain('"table":"model_connections"');
    expect(text).not.toContain(key);
  });

  it("a backup restores connections with their key under the same secret, and without it under another", async () => {
    const file = join(dir, "backup.jsonl.gz");
    await restoreDatabase(restored.db, file);
    await restoreDatabase(restoredElsewhere.db, file);
    const [person] = rowsOf<{ id: string }>(
      await restored.db.execute(sql`select user_id as id from model_connections limit 1`),
    );
    if (!person) throw new Error("no connection restored");

    const same = (await appLogging(restored.db)).app;
    const sameView = await callAs(same, restored, person.id, "GET", "/api/v1/connections");
    expect(sameView.connections[0]).toMatchObject({ hasKey: true, keyNeedsEntering: false });
    const sent = models.nextRequest();
    await callAs(
      same,
      restored,
      person.id,
      "GET",
      `/api/v1/connections/${sameView.connections[0].id}/models`,
    );
    expect((await sent).headers.authorization).toBe(`Bearer ${key}`);

    const other = (
      await appLogging(restoredElsewhere.db, {
        ...workbenchEnv,
        CONNECTION_SECRET: "another-secret-entirely-0123456789",
      })
    ).app;
    const otherView = await callAs(
      other,
      restoredElsewhere,
      person.id,
      "GET",
      "/api/v1/connections",
    );
    const connection = otherView.connections[0];
    expect(connection).toMatchObject({ hasKey: false, keyNeedsEntering: true });
    const before = models.seen.length;
    const refused = await callAs(other, restoredElsewhere, person.id, "POST", "/api/v1/runs", {
      promptText: "Hi",
      connectionId: connection.id,
      model: "stand-in-small",
    });
    expect(refused.error).toMatchObject({ detail: "connection_key_needed" });
    expect(models.seen.length).toBe(before);
  });
});

async function callAs(
  app: Awaited<ReturnType<typeof appLogging>>["app"],
  database: DatabaseHandle,
  userId: string,
  method: string,
  path: string,
  json?: unknown,
) {
  const cookie = await signedInCookie(database.db, userId);
  const res = await app.request(path, {
    method,
    headers: {
      cookie,
      origin: "http://localhost:3000",
      ...(json ? { "content-type": "application/json" } : {}),
    },
    ...(json ? { body: JSON.stringify(json) } : {}),
  });
  return res.json();
}

describe("the secret", () => {
  it("is generated into the embedded database's folder once, and kept", async () => {
    const config = parseConfig({ DATA_DIR: join(dir, "data") });
    await mkdir(join(dir, "data"), { recursive: true });
    const first = await loadConnectionSecret(config);
    const again = await loadConnectionSecret(config);
    expect(again.id).toBe(first.id);
    const sealed = first.seal(key);
    expect(again.open(sealed, first.id)).toBe(key);
    expect((await readFile(join(dir, "data", secretFileName), "utf8")).trim()).not.toBe("");
  });

  it("is required on PostgreSQL, by name", async () => {
    const config = parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/app" });
    await expect(loadConnectionSecret(config)).rejects.toThrow(ConfigError);
    await expect(loadConnectionSecret(config)).rejects.toThrow(/CONNECTION_SECRET: required/);
  });

  it("opens nothing sealed under another, or tampered with", () => {
    const one = connectionSecretFrom("one-secret-0123456789");
    const two = connectionSecretFrom("two-secret-0123456789");
    const sealed = one.seal(key);
    expect(two.open(sealed, one.id)).toBeNull();
    expect(two.open(sealed, two.id)).toBeNull();
    const [iv, tag, text] = sealed.split(".");
    // Its first character changed to another, whatever it was.
    const tampered = `${text?.startsWith("A") ? "B" : "A"}${text?.slice(1)}`;
    expect(one.open([iv, tag, tampered].join("."), one.id)).toBeNull();
    expect(one.seal(key)).not.toBe(sealed);
  });
});
