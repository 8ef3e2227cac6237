import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiPerson } from "../../tests/support/api-person.ts";
import { createPrompt } from "../../tests/support/factories.ts";
import { type ModelServer, startModelServer } from "../../tests/support/model-server.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import { addConnection, workbenchEnv } from "../../tests/support/workbench-helpers.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts, promptTestResults } from "../db/schema.ts";

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

/** The stand-in answers a prompt "Answer <n>" with the n-th of these. */
const answers: Record<string, string> = {
  greeting: "Hello, Ada!",
  json: '{"name":"Ada","age":36}',
  fenced: '```json\n{"name":"Ada"}\n```',
  short: "ok",
  catastrophic: `${"a".repeat(40)}b`,
};

async function setUp() {
  const ada = await apiPerson(database.db, app);
  const connection = await addConnection(ada, { baseUrl: models.openAiUrl });
  const prompt = await createPrompt(database.db, {
    userId: ada.user.id,
    promptText: "Answer {{n}}",
  });
  models.answer((request) => ({ text: answers[request.prompt.replace("Answer ", "")] ?? "?" }));
  const addTest = async (name: string, n: string, checks: { kind: string; value?: string }[]) => {
    const res = await ada.call("POST", `/api/v1/prompts/${prompt.id}/tests`, {
      name,
      values: { n },
      checks,
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string };
  };
  const runAll = (json: Record<string, unknown> = {}) =>
    ada.call("POST", `/api/v1/prompts/${prompt.id}/tests/run`, {
      connectionId: connection.id,
      model: "stand-in-small",
      ...json,
    });
  return { ada, connection, prompt, addTest, runAll };
}

describe("test cases", () => {
  it("are made, listed, changed and deleted by the prompt's owner alone", async () => {
    const { ada, prompt, addTest } = await setUp();
    const made = await addTest("Greets", "greeting", [{ kind: "contains", value: "Hello" }]);
    expect((await ada.call("GET", `/api/v1/prompts/${prompt.id}/tests`)).body).toEqual({
      tests: [
        {
          id: made.id,
          name: "Greets",
          values: { n: "greeting" },
          checks: [{ kind: "contains", value: "Hello" }],
        },
      ],
    });
    const changed = await ada.call("PATCH", `/api/v1/prompts/${prompt.id}/tests/${made.id}`, {
      name: "Says hello",
    });
    expect(changed.body).toMatchObject({ name: "Says hello" });

    const bob = await apiPerson(database.db, app);
    expect((await bob.call("GET", `/api/v1/prompts/${prompt.id}/tests`)).status).toBe(404);
    const shared = await createPrompt(database.db, { userId: ada.user.id, isShared: true });
    expect((await bob.call("GET", `/api/v1/prompts/${shared.id}/tests`)).status).toBe(403);
    expect(
      (
        await bob.call("POST", `/api/v1/prompts/${shared.id}/tests`, {
          name: "Mine",
          checks: [{ kind: "json" }],
        })
      ).status,
    ).toBe(403);
    expect((await bob.call("DELETE", `/api/v1/prompts/${prompt.id}/tests/${made.id}`)).status).toBe(
      404,
    );
    expect((await ada.call("DELETE", `/api/v1/prompts/${prompt.id}/tests/${made.id}`)).status).toBe(
      204,
    );
    expect((await ada.call("GET", `/api/v1/prompts/${prompt.id}/tests`)).body).toEqual({
      tests: [],
    });
  });

  it.each([
    [{ kind: "regex", value: "(unclosed" }, /not a regular expression/],
    [{ kind: "regex", value: "/x/g" }, /only the flags i, m, s and u/],
    [{ kind: "json-schema", value: "{not json" }, /must be a JSON Schema/],
    [{ kind: "json-schema", value: '{"type":"strin"}' }, /this JSON Schema cannot be used/],
    [{ kind: "max-length", value: "ten" }, /whole number/],
    [{ kind: "contains", value: "" }, /needs the text/],
    [{ kind: "sounds-good", value: "x" }, /checks/],
  ])("refuses a check %j", async (check, message) => {
    const { ada, prompt } = await setUp();
    const res = await ada.call("POST", `/api/v1/prompts/${prompt.id}/tests`, {
      name: "Bad",
      checks: [check],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });
});

describe("running the cases", () => {
  it("checks every kind, passing and failing, and keeps the outcomes with the version", async () => {
    const { addTest, runAll, prompt } = await setUp();
    const cases = [
      await addTest("contains", "greeting", [{ kind: "contains", value: "Ada" }]),
      await addTest("contains, failing", "greeting", [{ kind: "contains", value: "Bob" }]),
      await addTest("not-contains", "greeting", [{ kind: "not-contains", value: "Bob" }]),
      await addTest("not-contains, failing", "greeting", [{ kind: "not-contains", value: "Ada" }]),
      await addTest("regex", "greeting", [{ kind: "regex", value: "/^hello, \\w+!$/i" }]),
      await addTest("regex, failing", "greeting", [{ kind: "regex", value: "^Goodbye" }]),
      await addTest("json", "json", [{ kind: "json" }]),
      await addTest("json fenced", "fenced", [{ kind: "json" }]),
      await addTest("json, failing", "greeting", [{ kind: "json" }]),
      await addTest("json-schema", "json", [
        {
          kind: "json-schema",
          value: JSON.stringify({
            type: "object",
            required: ["name", "age"],
            properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } },
          }),
        },
      ]),
      await addTest("json-schema, failing", "json", [
        {
          kind: "json-schema",
          value: JSON.stringify({ type: "object", properties: { age: { type: "string" } } }),
        },
      ]),
      await addTest("max-length", "short", [{ kind: "max-length", value: "2" }]),
      await addTest("max-length, failing", "greeting", [{ kind: "max-length", value: "5" }]),
      await addTest("min-length", "greeting", [{ kind: "min-length", value: "5" }]),
      await addTest("min-length, failing", "short", [{ kind: "min-length", value: "3" }]),
      await addTest("equals", "short", [{ kind: "equals", value: "ok" }]),
      await addTest("equals, failing", "short", [{ kind: "equals", value: "okay" }]),
    ];
    const res = await runAll();
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
    const byId = new Map(
      (res.body.results as { testId: string; passed: boolean; failures: string[] }[]).map(
        (result) => [result.testId, result],
      ),
    );
    const names = [
      "contains",
      "contains, failing",
      "not-contains",
      "not-contains, failing",
      "regex",
      "regex, failing",
      "json",
      "json fenced",
      "json, failing",
      "json-schema",
      "json-schema, failing",
      "max-length",
      "max-length, failing",
      "min-length",
      "min-length, failing",
      "equals",
      "equals, failing",
    ];
    cases.forEach((test, index) => {
      const result = byId.get(test.id);
      const failing = names[index]?.endsWith("failing");
      expect(result?.passed, names[index]).toBe(!failing);
      expect(result?.failures.length, names[index]).toBe(failing ? 1 : 0);
    });
    expect(byId.get(cases[10]?.id ?? "")?.failures[0]).toMatch(/\/age must be string/);
    expect(byId.get(cases[12]?.id ?? "")?.failures[0]).toBe(
      "Expected at most 5 characters; the answer has 11.",
    );
    const kept = await database.db
      .select()
      .from(promptTestResults)
      .where(eq(promptTestResults.promptId, prompt.id));
    expect(kept).toHaveLength(cases.length);
    expect(kept.every((row) => row.version === 1)).toBe(true);
  });

  it("stops a catastrophic pattern at its time limit, and the server answers meanwhile", async () => {
    const { ada, addTest, runAll } = await setUp();
    await addTest("backtracks", "catastrophic", [{ kind: "regex", value: "^(a+)+$" }]);
    const order: string[] = [];
    const running = runAll().then((res) => {
      order.push("test run");
      return res;
    });
    // Asked once the case is under way: answered while the pattern runs in its worker.
    await models.nextRequest();
    const listed = await ada.call("GET", "/api/v1/connections");
    order.push("connections");
    expect(listed.status).toBe(200);
    const res = await running;
    expect(order).toEqual(["connections", "test run"]);
    expect(res.body.results[0]).toMatchObject({
      passed: false,
      failures: [expect.stringMatching(/took longer than 1 s and was stopped/)],
    });
  });

  it("runs at most 4 cases at once", async () => {
    const { addTest, runAll } = await setUp();
    for (let i = 0; i < 7; i++)
      await addTest(`case ${i}`, "short", [{ kind: "equals", value: "ok" }]);
    let open = 0;
    let most = 0;
    models.answer((request) => {
      open++;
      most = Math.max(most, open);
      void request.closed.then(() => open--);
      return { text: "ok", delayMs: 50 };
    });
    const res = await runAll();
    expect(res.body.results).toHaveLength(7);
    expect(
      models.seen.filter((request) => request.prompt === "Answer short").length,
    ).toBeGreaterThanOrEqual(7);
    expect(most).toBe(4);
  });

  it("a failing model service fails the whole run and keeps none of its outcomes", async () => {
    const { addTest, runAll, prompt } = await setUp();
    await addTest("fine", "short", [{ kind: "equals", value: "ok" }]);
    await addTest("broken", "greeting", [{ kind: "contains", value: "Hello" }]);
    models.answer((request) =>
      request.prompt === "Answer greeting" ? { status: 500 } : { text: "ok" },
    );
    const res = await runAll();
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/failed \(500\)/);
    const kept = await database.db
      .select()
      .from(promptTestResults)
      .where(eq(promptTestResults.promptId, prompt.id));
    expect(kept).toEqual([]);
  });

  it("says which cases a new version broke", async () => {
    const { ada, addTest, runAll, prompt } = await setUp();
    const greets = await addTest("greets", "greeting", [{ kind: "contains", value: "Hello" }]);
    const short = await addTest("short", "short", [{ kind: "max-length", value: "2" }]);
    await addTest("never", "short", [{ kind: "contains", value: "never" }]);
    expect((await runAll()).status).toBe(200);
    await database.db
      .update(prompts)
      .set({ promptText: "Reply to {{n}}" })
      .where(eq(prompts.id, prompt.id));
    models.answer(() => ({ text: "A much longer answer than before" }));
    const second = await runAll();
    expect(second.body.version).toBe(2);
    const summary = await ada.call("GET", `/api/v1/prompts/${prompt.id}/tests/summary`);
    expect(summary.body.versions).toEqual([
      {
        version: 2,
        passed: 0,
        total: 3,
        broke: expect.arrayContaining([
          { testId: greets.id, name: "greets" },
          { testId: short.id, name: "short" },
        ]),
        comparedWith: 1,
        comparedPassed: 2,
      },
      { version: 1, passed: 2, total: 3, broke: [], comparedWith: null, comparedPassed: 0 },
    ]);
    const { brokeText } = await import("../../shared/workbench.ts");
    expect(brokeText(summary.body.versions[0])).toBe("v2 fails 2 of 2 that v1 passed");
    // Version 1 can still be run, by number.
    models.answer(() => ({ text: "Hello" }));
    expect((await runAll({ version: 1 })).body.version).toBe(1);
  });

  it("purging a version takes its kept runs and test outcomes with it", async () => {
    const { ada, addTest, runAll, prompt, connection } = await setUp();
    await addTest("greets", "greeting", [{ kind: "contains", value: "Hello" }]);
    const run = () =>
      ada.call("POST", "/api/v1/runs", {
        promptId: prompt.id,
        values: { n: "greeting" },
        connectionId: connection.id,
        model: "stand-in-small",
      });
    expect((await run()).body.version).toBe(1);
    expect((await runAll()).status).toBe(200);
    const edited = await ada.call("PATCH", `/api/v1/prompts/${prompt.id}`, {
      promptText: "Reply {{n}}",
    });
    expect(edited.status).toBe(200);
    expect((await run()).body.version).toBe(2);
    expect((await runAll()).body.version).toBe(2);
    expect((await ada.call("DELETE", `/api/v1/prompts/${prompt.id}/versions/1`)).status).toBe(204);
    const runs = await ada.call("GET", `/api/v1/prompts/${prompt.id}/runs`);
    expect(runs.body.runs.map((kept: { version: number }) => kept.version)).toEqual([2]);
    const summary = await ada.call("GET", `/api/v1/prompts/${prompt.id}/tests/summary`);
    expect(summary.body.versions.map((v: { version: number }) => v.version)).toEqual([2]);
  });
});
