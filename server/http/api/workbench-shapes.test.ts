import type { z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPerson } from "../../../tests/support/api-person.ts";
import { createPrompt } from "../../../tests/support/factories.ts";
import { type ModelServer, startModelServer } from "../../../tests/support/model-server.ts";
import { type TestApp, withTestApp } from "../../../tests/support/test-app.ts";
import {
  addConnection,
  allEvents,
  streamRun,
  workbenchEnv,
} from "../../../tests/support/workbench-helpers.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { errorBody } from "./shapes.ts";
import {
  connection,
  connectionList,
  modelList,
  runList,
  runResult,
  testCase,
  testList,
  testRun,
  testSummaryList,
} from "./workbench-shapes.ts";

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

/**
 * The answer is what the reference says it is: every field the shape names, of its type, and
 * nothing more (parsing drops a field the shape does not name, so the two would differ).
 */
function expectShape(shape: z.ZodType, body: unknown, what: string) {
  const parsed = shape.safeParse(body);
  expect(parsed.error?.issues, what).toBeUndefined();
  expect(parsed.data, `${what}: a field the reference does not name`).toEqual(body);
}

/** A signed-in person, and a call that checks its answer's shape. */
async function shapeChecker() {
  const person = await apiPerson(database.db, app);
  const call = async (method: string, path: string, shape: z.ZodType, json?: unknown) => {
    const res = await person.call(method, path, json);
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    expectShape(shape, res.body, `${method} ${path}`);
    return res.body;
  };
  const prompt = await createPrompt(database.db, {
    userId: person.user.id,
    title: "Topic writer",
    promptText: "Write about {{topic}}",
  });
  const stand = await addConnection(person, { baseUrl: models.openAiUrl, apiKey: "sk-shape-0001" });
  return { person, call, prompt, connectionId: stand.id };
}

describe("the workbench answers the shapes its reference declares", () => {
  it("connections and their models", async () => {
    const { call } = await shapeChecker();
    const made = await call("POST", "/api/v1/connections", connection, {
      name: "Stand-in",
      kind: "anthropic",
      baseUrl: models.anthropicUrl,
      apiKey: "sk-shape-0002",
    });
    await call("PATCH", `/api/v1/connections/${made.id}`, connection, { defaultModel: "m" });
    await call("GET", "/api/v1/connections", connectionList);
    await call("GET", `/api/v1/connections/${made.id}/models`, modelList);
  });

  it("runs, whole and streamed, and the kept runs", async () => {
    const { person, call, prompt, connectionId } = await shapeChecker();
    const run = { promptId: prompt.id, values: { topic: "otters" }, model: "stand-in-small" };
    await call("POST", "/api/v1/runs", runResult, { ...run, connectionId });
    await call("POST", "/api/v1/runs", runResult, {
      promptText: "Say hi",
      connectionId,
      model: "stand-in-small",
      temperature: 0.3,
    });
    const streamed = await allEvents(
      (await streamRun(app, person, { ...run, connectionId })).events,
    );
    expect(streamed.at(-1)?.event).toBe("done");
    for (const { event, data } of streamed) {
      if (event === "done") expectShape(runResult, data, "the done event");
      else expect(Object.keys(data), event).toEqual(["text"]);
    }
    models.answer(() => ({ status: 500, errorMessage: "down" }));
    const failed = await allEvents((await streamRun(app, person, { ...run, connectionId })).events);
    models.answer(() => ({}));
    expect(failed.map(({ event }) => event)).toEqual(["error"]);
    expectShape(errorBody, failed[0]?.data, "the error event");
    await call("GET", `/api/v1/prompts/${prompt.id}/runs`, runList);
  });

  it("test cases, their outcomes and what a version broke", async () => {
    const { person, call, prompt, connectionId } = await shapeChecker();
    const tests = `/api/v1/prompts/${prompt.id}/tests`;
    const test = await call("POST", tests, testCase, {
      name: "mentions otters",
      values: { topic: "otters" },
      checks: [{ kind: "contains", value: "otters" }],
    });
    await call("PATCH", `${tests}/${test.id}`, testCase, { name: "otters" });
    await call("GET", tests, testList);
    const testedWith = { connectionId, model: "stand-in-small" };
    await call("POST", `${tests}/run`, testRun, testedWith);
    const edited = await person.call("PATCH", `/api/v1/prompts/${prompt.id}`, {
      promptText: "Write about cats",
    });
    expect(edited.status).toBe(200);
    await call("POST", `${tests}/run`, testRun, testedWith);
    const summary = await call("GET", `${tests}/summary`, testSummaryList);
    expect(summary.versions[0].broke).toEqual([{ testId: test.id, name: "otters" }]);
  });
});
