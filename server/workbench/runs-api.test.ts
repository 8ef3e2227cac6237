import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import {
  type ModelServer,
  standInModels,
  startModelServer,
} from "../../tests/support/model-server.ts";
import { teamOf, teamPrompt } from "../../tests/support/teams.ts";
import { createTestApp, type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import {
  addConnection,
  allEvents,
  streamRun,
  workbenchEnv,
} from "../../tests/support/workbench-helpers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { promptRuns, prompts } from "../db/schema.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { env: workbenchEnv },
);

let models: ModelServer;
beforeAll(async () => {
  models = await startModelServer();
});
afterAll(async () => {
  await models.close();
});
beforeEach(() => {
  models.answer(() => ({}));
});

const person = () => apiPerson(database.db, app);

async function ownPrompt(userId: string, promptText = "Write about {{topic}}") {
  return createPrompt(database.db, { userId, title: "Topic writer", promptText });
}

async function keptRuns(promptId: string) {
  return database.db.select().from(promptRuns).where(eq(promptRuns.promptId, promptId));
}

describe("connections", () => {
  it("are added, listed, changed and deleted, and are their person's alone", async () => {
    const ada = await person();
    const res = await ada.call("POST", "/api/v1/connections", {
      name: "Local",
      kind: "openai-compatible",
      baseUrl: `${models.openAiUrl}/`,
      apiKey: "sk-ada-secret-0001",
      defaultModel: "stand-in-small",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Local",
      kind: "openai-compatible",
      baseUrl: models.openAiUrl,
      hasKey: true,
      keyNeedsEntering: false,
      defaultModel: "stand-in-small",
      team: null,
      canManage: true,
    });
    const { id } = res.body as { id: string };
    expect((await ada.call("GET", "/api/v1/connections")).body).toEqual({
      connections: [res.body],
    });
    const changed = await ada.call("PATCH", `/api/v1/connections/${id}`, {
      name: "Renamed",
      apiKey: null,
    });
    expect(changed.body).toMatchObject({ name: "Renamed", hasKey: false });

    const bob = await person();
    expect((await bob.call("GET", "/api/v1/connections")).body).toEqual({ connections: [] });
    for (const [method, path] of [
      ["PATCH", `/api/v1/connections/${id}`],
      ["DELETE", `/api/v1/connections/${id}`],
      ["GET", `/api/v1/connections/${id}/models`],
    ] as const) {
      const refused = await bob.call(method, path, method === "PATCH" ? { name: "x" } : undefined);
      expect(refused.status, `${method} ${path}`).toBe(404);
    }
    expect((await ada.call("DELETE", `/api/v1/connections/${id}`)).status).toBe(204);
    expect((await ada.call("GET", "/api/v1/connections")).body).toEqual({ connections: [] });
  });

  it("refuses what is not an address, or holds credentials", async () => {
    const ada = await person();
    for (const baseUrl of ["ftp://example.com", "not a url", "https://user:pw@example.com/v1"]) {
      const res = await ada.call("POST", "/api/v1/connections", {
        name: "Bad",
        kind: "openai-compatible",
        baseUrl,
      });
      expect(res.status, baseUrl).toBe(400);
    }
    const withNewline = await ada.call("POST", "/api/v1/connections", {
      name: "Bad key",
      kind: "anthropic",
      baseUrl: models.anthropicUrl,
      apiKey: "sk-one\r\nX-Injected: yes",
    });
    expect(withNewline.status).toBe(400);
  });

  it("a new address drops the key unless it is given again", async () => {
    const ada = await person();
    const made = await addConnection(ada, { baseUrl: models.openAiUrl, apiKey: "sk-move-0001" });
    const moved = await ada.call("PATCH", `/api/v1/connections/${made.id}`, {
      baseUrl: `${models.origin}/other/v1`,
    });
    expect(moved.body).toMatchObject({ hasKey: false });
  });

  it("a team's are added by its owners and run with by every member, its key never shown", async () => {
    const [owner, editor, viewer, outsider] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const team = {
      name: "Team model",
      kind: "openai-compatible",
      baseUrl: models.openAiUrl,
      apiKey: "sk-team-0001",
      teamId,
    };
    const made = await owner.call("POST", "/api/v1/connections", team);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      hasKey: true,
      team: { id: teamId, name: "Marketing" },
      canManage: true,
    });
    const { id } = made.body as { id: string };
    // Only its owners add one; to anyone outside, the team is not there.
    expect((await editor.call("POST", "/api/v1/connections", team)).body.error.detail).toBe(
      "team_role",
    );
    expect((await outsider.call("POST", "/api/v1/connections", team)).body.error.detail).toBe(
      "team_not_found",
    );

    // Every member sees it, and runs with it; the key goes to the service, never to them.
    const listed = await viewer.call("GET", "/api/v1/connections");
    expect(listed.body.connections).toEqual([
      expect.objectContaining({ id, team: { id: teamId, name: "Marketing" }, canManage: false }),
    ]);
    expect(listed.text).not.toContain("sk-team-0001");
    const promptId = await teamPrompt(editor, teamId, "Team words");
    const asked = models.nextRequest();
    const ran = await viewer.call("POST", "/api/v1/runs", {
      promptId,
      connectionId: id,
      model: "stand-in-small",
    });
    expect(ran.status).toBe(200);
    expect(ran.text).not.toContain("sk-team-0001");
    expect((await asked).headers.authorization).toBe("Bearer sk-team-0001");
    expect((await viewer.call("GET", `/api/v1/connections/${id}/models`)).status).toBe(200);
    // Its owners alone change it; to anyone outside the team it does not exist.
    for (const [who, status] of [
      [editor, 403],
      [viewer, 403],
      [outsider, 404],
    ] as const) {
      expect((await who.call("PATCH", `/api/v1/connections/${id}`, { name: "Mine" })).status).toBe(
        status,
      );
      expect((await who.call("DELETE", `/api/v1/connections/${id}`)).status).toBe(status);
    }
    expect((await outsider.call("GET", "/api/v1/connections")).body.connections).toEqual([]);
    const stranger = await outsider.call("POST", "/api/v1/runs", {
      promptText: "Hello",
      connectionId: id,
      model: "stand-in-small",
    });
    expect(stranger.body.error.detail).toBe("connection_not_found");

    // Removed, a member runs with it no more, from their next request.
    const removed = await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${viewer.user.id}`);
    expect(removed.status).toBe(204);
    const after = await viewer.call("POST", "/api/v1/runs", {
      promptText: "Hello",
      connectionId: id,
      model: "stand-in-small",
    });
    expect(after.body.error.detail).toBe("connection_not_found");
    expect((await viewer.call("GET", "/api/v1/connections")).body.connections).toEqual([]);
    expect(
      (await owner.call("PATCH", `/api/v1/connections/${id}`, { name: "Ours" })).body,
    ).toMatchObject({ name: "Ours", team: { id: teamId }, canManage: true, hasKey: true });
    expect((await owner.call("DELETE", `/api/v1/connections/${id}`)).status).toBe(204);
  });

  it("list the models the service reports, through both SDKs, with the key sent", async () => {
    const ada = await person();
    const openAi = await addConnection(ada, { baseUrl: models.openAiUrl, apiKey: "sk-list-0001" });
    const asked = models.nextRequest();
    const listed = await ada.call("GET", `/api/v1/connections/${openAi.id}/models`);
    expect(listed.body).toEqual({ models: [...standInModels].sort() });
    expect((await asked).headers.authorization).toBe("Bearer sk-list-0001");

    const anthropic = await addConnection(ada, { kind: "anthropic", baseUrl: models.anthropicUrl });
    const keyless = models.nextRequest();
    expect((await ada.call("GET", `/api/v1/connections/${anthropic.id}/models`)).body).toEqual({
      models: [...standInModels].sort(),
    });
    const request = await keyless;
    expect(request.api).toBe("anthropic");
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers["x-api-key"]).toBeUndefined();
  });
});

describe("runs", () => {
  it.each(["openai-compatible", "anthropic"] as const)(
    "a %s run answers whole, and is kept with the prompt's version",
    async (kind) => {
      const ada = await person();
      const connection = await addConnection(ada, {
        kind,
        baseUrl: kind === "anthropic" ? models.anthropicUrl : models.openAiUrl,
        apiKey: "sk-run-0001",
      });
      const prompt = await ownPrompt(ada.user.id);
      const asked = models.nextRequest();
      const res = await ada.call("POST", "/api/v1/runs", {
        promptId: prompt.id,
        values: { topic: "otters" },
        connectionId: connection.id,
        model: "stand-in-small",
        temperature: 0.2,
        maxTokens: 50,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        output: "Echo: Write about otters",
        usage: { inputTokens: 3, outputTokens: 4 },
        version: 1,
        runId: expect.any(String),
      });
      expect(res.body.ms).toBeGreaterThanOrEqual(0);
      const request = await asked;
      expect(request.body).toMatchObject({ model: "stand-in-small", temperature: 0.2 });
      expect(request.body?.max_tokens).toBe(50);
      const listed = await ada.call("GET", `/api/v1/prompts/${prompt.id}/runs`);
      expect(listed.body.runs).toEqual([
        expect.objectContaining({
          id: res.body.runId,
          version: 1,
          model: "stand-in-small",
          connectionName: "Stand-in",
          values: { topic: "otters" },
          output: "Echo: Write about otters",
          temperature: expect.closeTo(0.2, 5),
          maxTokens: 50,
        }),
      ]);
    },
  );

  it.each(["openai-compatible", "anthropic"] as const)(
    "a %s run streams its answer piece by piece, then one done event",
    async (kind) => {
      const ada = await person();
      const connection = await addConnection(ada, {
        kind,
        baseUrl: kind === "anthropic" ? models.anthropicUrl : models.openAiUrl,
      });
      const prompt = await ownPrompt(ada.user.id, "Say hello");
      models.answer(() => ({ chunks: ["Hel", "lo ", "there"] }));
      const { res, events } = await streamRun(app, ada, {
        promptId: prompt.id,
        connectionId: connection.id,
        model: "stand-in-large",
      });
      expect(res.headers.get("content-type")).toBe("text/event-stream");
      const seen = await allEvents(events);
      expect(seen.map((event) => event.event)).toEqual(["delta", "delta", "delta", "done"]);
      expect(seen.slice(0, 3).map((event) => (event.data as { text: string }).text)).toEqual([
        "Hel",
        "lo ",
        "there",
      ]);
      const done = seen[3]?.data as { output: string; firstTokenMs: number; runId: string };
      expect(done.output).toBe("Hello there");
      expect(done.firstTokenMs).toBeGreaterThanOrEqual(0);
      expect((await keptRuns(prompt.id)).map((run) => run.output)).toEqual(["Hello there"]);
    },
  );

  it.each(["openai-compatible", "anthropic"] as const)(
    "a %s service's token counts are kept only as whole numbers from 0, streamed or not",
    async (kind) => {
      const ada = await person();
      const connection = await addConnection(ada, {
        kind,
        baseUrl: kind === "anthropic" ? models.anthropicUrl : models.openAiUrl,
      });
      const prompt = await ownPrompt(ada.user.id, "Say hello");
      models.answer(() => ({ usage: { input: 1.5, output: -2 } }));
      const whole = await ada.call("POST", "/api/v1/runs", {
        promptId: prompt.id,
        connectionId: connection.id,
        model: "stand-in-small",
      });
      expect(whole.body.usage).toEqual({ inputTokens: null, outputTokens: null });
      const { events } = await streamRun(app, ada, {
        promptId: prompt.id,
        connectionId: connection.id,
        model: "stand-in-small",
      });
      const done = (await allEvents(events)).at(-1);
      expect(done?.event).toBe("done");
      // Anthropic's stream says a first output count as it starts (here 1), kept when the last
      // one is not a count.
      const streamed = kind === "anthropic" ? 1 : null;
      expect((done?.data as { usage: unknown } | undefined)?.usage).toEqual({
        inputTokens: null,
        outputTokens: streamed,
      });
      const kept = (await keptRuns(prompt.id)).map((run) => run.usage);
      expect(kept).toHaveLength(2);
      expect(kept).toEqual(
        expect.arrayContaining([
          { inputTokens: null, outputTokens: null },
          { inputTokens: null, outputTokens: streamed },
        ]),
      );
    },
  );

  it("runs an earlier version's text when asked", async () => {
    const ada = await person();
    const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
    const prompt = await ownPrompt(ada.user.id, "First words");
    await database.db
      .update(prompts)
      .set({ promptText: "Second words" })
      .where(eq(prompts.id, prompt.id));
    const run = (version?: number) =>
      ada.call("POST", "/api/v1/runs", {
        promptId: prompt.id,
        ...(version ? { version } : {}),
        connectionId: connection.id,
        model: "stand-in-small",
      });
    expect((await run(1)).body).toMatchObject({ output: "Echo: First words", version: 1 });
    expect((await run()).body).toMatchObject({ output: "Echo: Second words", version: 2 });
    expect((await run(9)).status).toBe(404);
  });

  it("refuses a run missing a required value, and fills sections and typed values", async () => {
    const ada = await person();
    const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
    const json = {
      promptText: "Trip on {{start:date!}}{{#if kids}} with kids{{/if}}",
      connectionId: connection.id,
      model: "stand-in-small",
    };
    const refused = await ada.call("POST", "/api/v1/runs", json);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      detail: "template_value_missing",
      message: "This template needs a value for: start",
    });
    const wrong = await ada.call("POST", "/api/v1/runs", { ...json, values: { start: "soon" } });
    expect(wrong.body.error.message).toBe("start must be a date, as 2026-11-23");
    const ran = await ada.call("POST", "/api/v1/runs", {
      ...json,
      values: { start: "2026-07-01", kids: "yes" },
    });
    expect(ran.body.output).toBe("Echo: Trip on 2026-07-01 with kids");
  });

  it("runs a typed-in text, keeping nothing", async () => {
    const ada = await person();
    const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
    const res = await ada.call("POST", "/api/v1/runs", {
      promptText: "Name a {{colour}} fruit",
      values: { colour: "yellow" },
      connectionId: connection.id,
      model: "stand-in-small",
    });
    expect(res.body).toMatchObject({ output: "Echo: Name a yellow fruit", runId: null });
  });

  it("is 404 for a prompt the person cannot read, and keeps nothing of another's shared prompt", async () => {
    const ada = await person();
    const bob = await person();
    const connection = await addConnection(bob, { baseUrl: models.openAiUrl });
    const hidden = await ownPrompt(ada.user.id);
    const shared = await createPrompt(database.db, {
      userId: ada.user.id,
      isShared: true,
      promptText: "Shared words",
    });
    const run = (promptId: string) =>
      bob.call("POST", "/api/v1/runs", {
        promptId,
        connectionId: connection.id,
        model: "stand-in-small",
      });
    const refused = await run(hidden.id);
    expect(refused.status).toBe(404);
    expect(models.seen.some((request) => request.prompt.includes(hidden.promptText))).toBe(false);
    expect((await bob.call("GET", `/api/v1/prompts/${hidden.id}/runs`)).status).toBe(404);

    expect((await run(shared.id)).body).toMatchObject({
      output: "Echo: Shared words",
      runId: null,
    });
    expect(await keptRuns(shared.id)).toEqual([]);
    expect((await bob.call("GET", `/api/v1/prompts/${shared.id}/runs`)).status).toBe(403);
  });

  it("a team prompt's runs and test cases are its members', changed and run by its editors", async () => {
    const owner = await person();
    const editor = await person();
    const viewer = await person();
    const teamId = await teamOf(owner, [
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const promptId = await teamPrompt(editor, teamId, "Team words");
    const runAs = async (who: Awaited<ReturnType<typeof person>>) => {
      const connection = await addConnection(who, { baseUrl: models.openAiUrl });
      const res = await who.call("POST", "/api/v1/runs", {
        promptId,
        connectionId: connection.id,
        model: "stand-in-small",
      });
      expect(res.status).toBe(200);
      return { connection, runId: res.body.runId as string | null };
    };
    // Every member's run is kept, and every member reads the team's runs.
    const byViewer = await runAs(viewer);
    const byEditor = await runAs(editor);
    expect(byViewer.runId).toEqual(expect.any(String));
    expect(byEditor.runId).toEqual(expect.any(String));
    for (const member of [owner, editor, viewer]) {
      const runs = await member.call("GET", `/api/v1/prompts/${promptId}/runs`);
      expect(runs.body.runs.map((run: { id: string }) => run.id).sort()).toEqual(
        [byViewer.runId, byEditor.runId].sort(),
      );
    }
    // Its editors write and run the cases; a viewer reads them and their outcomes.
    const testCase = { name: "greets", values: {}, checks: [{ kind: "contains", value: "Team" }] };
    expect((await viewer.call("POST", `/api/v1/prompts/${promptId}/tests`, testCase)).body).toEqual(
      {
        error: expect.objectContaining({ detail: "team_role" }),
      },
    );
    const made = await editor.call("POST", `/api/v1/prompts/${promptId}/tests`, testCase);
    expect(made.status).toBe(201);
    const testPath = `/api/v1/prompts/${promptId}/tests/${made.body.id}`;
    expect((await viewer.call("PATCH", testPath, { name: "mine" })).status).toBe(403);
    expect((await viewer.call("DELETE", testPath)).status).toBe(403);
    const runTests = (who: Awaited<ReturnType<typeof person>>, connectionId: string) =>
      who.call("POST", `/api/v1/prompts/${promptId}/tests/run`, {
        connectionId,
        model: "stand-in-small",
      });
    expect((await runTests(viewer, byViewer.connection.id)).status).toBe(403);
    const ran = await runTests(editor, byEditor.connection.id);
    expect(ran.body).toMatchObject({ version: 1, results: [{ passed: true }] });
    const summary = await viewer.call("GET", `/api/v1/prompts/${promptId}/tests/summary`);
    expect(summary.body.versions).toEqual([expect.objectContaining({ version: 1, passed: 1 })]);
    expect((await viewer.call("GET", `/api/v1/prompts/${promptId}/tests`)).body.tests).toEqual([
      made.body,
    ]);
    // Removed, a member reads none of it on the next request, and their runs are no longer kept.
    expect(
      (await owner.call("DELETE", `/api/v1/teams/${teamId}/members/${viewer.user.id}`)).status,
    ).toBe(204);
    for (const path of ["runs", "tests", "tests/summary"]) {
      expect((await viewer.call("GET", `/api/v1/prompts/${promptId}/${path}`)).status, path).toBe(
        404,
      );
    }
    const after = await viewer.call("POST", "/api/v1/runs", {
      promptId,
      connectionId: byViewer.connection.id,
      model: "stand-in-small",
    });
    expect(after.status).toBe(404);
    expect(await keptRuns(promptId)).toHaveLength(2);
  });

  it("Stop cancels the request to the model service, and keeps nothing", async () => {
    const ada = await person();
    const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
    const prompt = await ownPrompt(ada.user.id, "Count forever");
    models.answer(() => ({ endless: true, chunkDelayMs: 5 }));
    const arrived = models.nextRequest();
    const { events } = await streamRun(app, ada, {
      promptId: prompt.id,
      connectionId: connection.id,
      model: "stand-in-small",
    });
    const first = await events.next();
    expect(first.value).toMatchObject({ event: "delta" });
    // The browser's Stop: the stream is abandoned.
    await events.return(undefined);
    expect(await (await arrived).closed).toEqual({ finished: false });
    expect(await keptRuns(prompt.id)).toEqual([]);
  });

  it("keeps at most RUNS_KEPT_PER_PROMPT runs of a prompt, the newest", async () => {
    const small = await createTestApp({
      db: database.db,
      env: { ...workbenchEnv, RUNS_KEPT_PER_PROMPT: "2" },
    });
    const ada = await apiPerson(database.db, small);
    const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
    const prompt = await ownPrompt(ada.user.id);
    for (const topic of ["one", "two", "three"]) {
      await ada.call("POST", "/api/v1/runs", {
        promptId: prompt.id,
        values: { topic },
        connectionId: connection.id,
        model: "stand-in-small",
      });
    }
    const listed = await ada.call("GET", `/api/v1/prompts/${prompt.id}/runs`);
    expect(listed.body.runs.map((run: { values: { topic: string } }) => run.values.topic)).toEqual([
      "three",
      "two",
    ]);
  });

  it("refuses more runs at once than RUNS_PER_PERSON", async () => {
    const one = await createTestApp({
      db: database.db,
      env: { ...workbenchEnv, RUNS_PER_PERSON: "1" },
    });
    const ada = await apiPerson(database.db, one);
    const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
    models.answer(() => ({ endless: true, chunkDelayMs: 5 }));
    const json = { promptText: "Go", connectionId: connection.id, model: "stand-in-small" };
    const { events } = await streamRun(one, ada, json);
    await events.next();
    const second = await ada.call("POST", "/api/v1/runs", json);
    expect(second.status).toBe(429);
    expect(second.body.error.detail).toBe("runs_at_once");
    await events.return(undefined);
  });
});

describe.each(["openai-compatible", "anthropic"] as const)("a failing %s model service", (kind) => {
  const baseUrl = () => (kind === "anthropic" ? models.anthropicUrl : models.openAiUrl);

  async function failingRun(reply: Parameters<ModelServer["answer"]>[0], stream: boolean) {
    const ada = await person();
    const connection = await addConnection(ada, { kind, baseUrl: baseUrl() });
    const prompt = await ownPrompt(ada.user.id, "Fail please");
    models.answer(reply);
    const asked = models.nextRequest();
    const json = { promptId: prompt.id, connectionId: connection.id, model: "stand-in-small" };
    if (!stream) {
      const res = await ada.call("POST", "/api/v1/runs", json);
      return { status: res.status, error: res.body?.error, deltas: 0, prompt, asked: await asked };
    }
    const seen = await allEvents((await streamRun(app, ada, json)).events);
    const last = seen.at(-1);
    return {
      status: 200,
      error: last?.event === "error" ? last.data.error : undefined,
      deltas: seen.filter((event) => event.event === "delta").length,
      prompt,
      asked: await asked,
    };
  }

  it.each([
    [429, /busy or over its limit.*\(429\): Rate limit reached/],
    [500, /failed \(500\)/],
  ])("answers %s with a clear error, keeping nothing", async (status, message) => {
    for (const stream of [false, true]) {
      const failed = await failingRun(() => ({ status }), stream);
      // The failure came from the service this kind of connection speaks to, asked as asked.
      expect(failed.asked).toMatchObject({
        api: kind === "anthropic" ? "anthropic" : "openai",
        stream,
      });
      expect(failed.status).toBe(stream ? 200 : 502);
      expect(failed.error).toMatchObject({
        code: "upstream_failed",
        message: expect.stringMatching(message),
      });
      expect(await keptRuns(failed.prompt.id)).toEqual([]);
    }
  });

  it("a stream dropped part way is an error after the pieces that came, and keeps nothing", async () => {
    const failed = await failingRun(
      () => ({ chunks: ["a ", "b ", "c ", "d "], dropAfter: 2 }),
      true,
    );
    expect(failed.asked.api).toBe(kind === "anthropic" ? "anthropic" : "openai");
    expect(failed.deltas).toBe(2);
    expect(failed.error).toMatchObject({ code: "upstream_failed" });
    expect(await keptRuns(failed.prompt.id)).toEqual([]);
  });

  it("a 50 MB answer is cut off at RUN_RESPONSE_LIMIT, keeping nothing", async () => {
    const failed = await failingRun(() => ({ hugeBytes: 50 * 1024 * 1024 }), false);
    expect(failed.asked.api).toBe(kind === "anthropic" ? "anthropic" : "openai");
    expect(failed.status).toBe(502);
    expect(failed.error.message).toMatch(/passed 16,777,216 bytes/);
    // The stand-in stopped writing when the app stopped reading.
    expect(await failed.asked.closed).toEqual({ finished: false });
    expect(await keptRuns(failed.prompt.id)).toEqual([]);
  });

  it("a service slower than RUN_TIMEOUT_S is given up on", async () => {
    const quick = await createTestApp({
      db: database.db,
      env: { ...workbenchEnv, RUN_TIMEOUT_S: "1" },
    });
    const ada = await apiPerson(database.db, quick);
    const connection = await addConnection(ada, { kind, baseUrl: baseUrl() });
    models.answer(() => ({ endless: true, chunkDelayMs: 50 }));
    const seen = await allEvents(
      (await streamRun(quick, ada, { promptText: "Slow", connectionId: connection.id, model: "m" }))
        .events,
    );
    expect(seen.at(-1)).toMatchObject({
      event: "error",
      data: { error: { code: "upstream_failed", message: expect.stringMatching(/within 1 s/) } },
    });
  });
});
