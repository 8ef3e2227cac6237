import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { AppError, asAppError, errorBody } from "../../errors.ts";
import { connectionChangeInput, newConnectionInput } from "../../workbench/connection-input.ts";
import { createConnection } from "../../workbench/create-connection.ts";
import { deleteConnection } from "../../workbench/delete-connection.ts";
import { listConnectionModels } from "../../workbench/list-connection-models.ts";
import { listConnections } from "../../workbench/list-connections.ts";
import { listRuns } from "../../workbench/list-runs.ts";
import { runInput, testRunInput } from "../../workbench/run-input.ts";
import { prepareRun } from "../../workbench/run-prompt.ts";
import { runTests } from "../../workbench/run-tests.ts";
import { createTest, deleteTest, listTests, updateTest } from "../../workbench/test-cases.ts";
import { newTestInput, testChangeInput } from "../../workbench/test-input.ts";
import { testSummaries } from "../../workbench/test-summaries.ts";
import { updateConnection } from "../../workbench/update-connection.ts";
import { RunStopped } from "../../workbench/upstream-failure.ts";
import type { Workbench } from "../../workbench/workbench.ts";
import { apiRouter, jsonAnswer, jsonBody, refusals } from "./openapi.ts";
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

const signedIn = { unauthenticated: "Not signed in." };
const connectionNotFound =
  "No such connection of yours or of a team you are in (`connection_not_found`).";
const ownersChange = "A team's connection, which only its owners change (`team_role`).";
const promptNotFound = "No such prompt you can see (`prompt_not_found`).";
/** A prompt's kept runs, test cases and outcomes are its owner's, or its team's members'. */
const ownersOnly = {
  ...signedIn,
  not_found: promptNotFound,
  forbidden:
    "Another person's prompt, or a team's you are not in (`prompt_not_own`): its runs and tests are theirs.",
};
/** Changing test cases, and running them, is for the prompt's owner, or its team's editors. */
const changersOnly = {
  ...ownersOnly,
  forbidden: `${ownersOnly.forbidden} A team's viewer reads them but does not change or run them (\`team_role\`).`,
};
const keyNeeded =
  "its key was kept under another `CONNECTION_SECRET` (`connection_key_needed`), or its address is one the server does not call (`connection_address_refused`)";
const modelCall = {
  rate_limited: "`RUNS_PER_PERSON` requests to model services under way already (`runs_at_once`).",
  upstream_failed:
    "The model service refused, failed, broke off, answered more than `RUN_RESPONSE_LIMIT` or took longer than `RUN_TIMEOUT_S`; the message says which, with the service's words (never the key).",
};
const purged = { conflict: "A purged version (`version_purged`): it has no text to run." };

const connectionId = z.object({ id: z.string() });
const promptId = z.object({ id: z.string() });
const testOfPrompt = z.object({ id: z.string(), testId: z.string() });

const newConnection = jsonBody(
  newConnectionInput,
  "A name (at most 80 characters), a kind, the service's base URL (http or https, without a user name, query or fragment; a trailing slash is dropped), an optional API key (kept only sealed) and default model, and `teamId` for a team's.",
);
const connectionChange = jsonBody(
  connectionChangeInput,
  "What changes; a null `apiKey` or `defaultModel` removes it. A new `baseUrl` drops the key unless `apiKey` is given again.",
);
const run = jsonBody(
  runInput,
  "A prompt (`promptId`, at its current `version` unless one is given) or a text (`promptText`), the template's `values`, a connection and model, and `stream: true` for a server-sent event stream.",
);
const testRunBody = jsonBody(
  testRunInput,
  "A connection and model, and the version to run (the current one unless given).",
);
const newTest = jsonBody(
  newTestInput,
  "A name (at most 120 characters), values for the template's variables, and 1 to 20 checks on the answer, each `{ kind, value }` (docs/workbench.md#test-cases).",
);
const testChange = jsonBody(testChangeInput, "What changes.");

const connectionsTags = ["Model connections"];
const runsTags = ["Runs"];
const testsTags = ["Test cases"];

const listConnectionsRoute = createRoute({
  method: "get",
  path: "/connections",
  tags: connectionsTags,
  summary: "Your model connections",
  description:
    "Your own (at most 20), then those of your teams, which every member runs with; oldest first. No answer holds a connection's key.",
  responses: {
    200: jsonAnswer(connectionList, "Your connections."),
    ...refusals(signedIn),
  },
});

const createConnectionRoute = createRoute({
  method: "post",
  path: "/connections",
  tags: connectionsTags,
  summary: "Add a model connection",
  description:
    "Your own, or with `teamId` a team's (its owners add them; every member runs with it, the key staying on the server). An address written as an IP the server would not call is refused now; a host name, each time it is called, by what it resolves to then.",
  middleware: [newConnection.read] as const,
  request: { body: newConnection.request },
  responses: {
    201: jsonAnswer(connection, "The connection."),
    ...refusals({
      ...signedIn,
      invalid_input:
        "A bad field, named; an address the server does not call (`connection_address_refused`).",
      payload_too_large: "You, or the team, have 20 connections already (`connection_limit`).",
      forbidden: "A team you are in but do not own (`team_role`).",
      not_found: "A team you are not in (`team_not_found`).",
    }),
  },
});

const updateConnectionRoute = createRoute({
  method: "patch",
  path: "/connections/{id}",
  tags: connectionsTags,
  summary: "Change a model connection",
  middleware: [connectionChange.read] as const,
  request: { params: connectionId, body: connectionChange.request },
  responses: {
    200: jsonAnswer(connection, "The connection, changed."),
    ...refusals({
      ...signedIn,
      invalid_input:
        "A bad field, named; an address the server does not call (`connection_address_refused`).",
      forbidden: ownersChange,
      not_found: connectionNotFound,
    }),
  },
});

const deleteConnectionRoute = createRoute({
  method: "delete",
  path: "/connections/{id}",
  tags: connectionsTags,
  summary: "Delete a model connection",
  description: "With its sealed key; runs made with it keep its name.",
  request: { params: connectionId },
  responses: {
    204: { description: "Deleted." },
    ...refusals({ ...signedIn, forbidden: ownersChange, not_found: connectionNotFound }),
  },
});

const listModelsRoute = createRoute({
  method: "get",
  path: "/connections/{id}/models",
  tags: connectionsTags,
  summary: "The models a connection's service has",
  description: "Asked of the service now; it holds one of your `RUNS_PER_PERSON` slots meanwhile.",
  request: { params: connectionId },
  responses: {
    200: jsonAnswer(modelList, "The service's models."),
    ...refusals({
      ...signedIn,
      ...modelCall,
      invalid_input: `The connection cannot be used: ${keyNeeded}.`,
      not_found: connectionNotFound,
    }),
  },
});

const runRoute = createRoute({
  method: "post",
  path: "/runs",
  tags: runsTags,
  summary: "Run a prompt against a model",
  description: `The prompt's text (at the version asked for) or the text given, filled as the template form
fills it: snippets expanded from your own prompts, \`{{today}}\`, \`{{me}}\` and the values. A run of
your own prompt, or of a team's you are in, is kept with its version (\`GET /api/v1/prompts/{id}/runs\`);
anyone who can read a shared prompt may run it, without it being kept. Every refusal comes before anything is sent to the
service. With \`stream: true\`, the answer is a server-sent event stream: \`delta\` events, each
\`{ text }\`, a piece of the answer as it comes, then one \`done\` event, a \`RunResult\`, or one
\`error\` event, an \`Error\` (a failure of the service, as \`upstream_failed\` would say it). A run
the client stops (by leaving) ends the request to the service and keeps nothing.`,
  middleware: [run.read] as const,
  request: { body: run.request },
  responses: {
    200: {
      description: "The answer, whole (`RunResult`), or with `stream: true` its event stream.",
      content: {
        "application/json": { schema: runResult },
        "text/event-stream": { schema: z.string() },
      },
    },
    ...refusals({
      ...signedIn,
      ...modelCall,
      ...purged,
      invalid_input: `A bad field, named; neither or both of \`promptId\` and \`promptText\`; a required variable without a value (\`template_value_missing\`) or a value its type refuses; or the connection cannot be used: ${keyNeeded}.`,
      not_found:
        "No such connection of yours (`connection_not_found`), prompt you can see (`prompt_not_found`) or version (`version_not_found`).",
    }),
  },
});

const listRunsRoute = createRoute({
  method: "get",
  path: "/prompts/{id}/runs",
  tags: runsTags,
  summary: "A prompt's kept runs",
  description:
    "Newest first, at most `RUNS_KEPT_PER_PROMPT`: each with the version it ran, its values, answer, usage and times.",
  request: { params: promptId },
  responses: { 200: jsonAnswer(runList, "The runs."), ...refusals(ownersOnly) },
});

const listTestsRoute = createRoute({
  method: "get",
  path: "/prompts/{id}/tests",
  tags: testsTags,
  summary: "A prompt's test cases",
  request: { params: promptId },
  responses: { 200: jsonAnswer(testList, "The test cases."), ...refusals(ownersOnly) },
});

const createTestRoute = createRoute({
  method: "post",
  path: "/prompts/{id}/tests",
  tags: testsTags,
  summary: "Add a test case",
  middleware: [newTest.read] as const,
  request: { params: promptId, body: newTest.request },
  responses: {
    201: jsonAnswer(testCase, "The test case."),
    ...refusals({
      ...changersOnly,
      invalid_input: "A bad field or check, named; a JSON Schema that cannot be used.",
      payload_too_large: "The prompt has 50 test cases already.",
    }),
  },
});

const summaryRoute = createRoute({
  method: "get",
  path: "/prompts/{id}/tests/summary",
  tags: testsTags,
  summary: "How each version did on the test cases",
  description:
    'For each version the cases ran on, newest first: how many passed, and which passed on the newest earlier version with outcomes but fail on this one ("v7 fails 2 of 5 that v6 passed").',
  request: { params: promptId },
  responses: { 200: jsonAnswer(testSummaryList, "The versions."), ...refusals(ownersOnly) },
});

const runTestsRoute = createRoute({
  method: "post",
  path: "/prompts/{id}/tests/run",
  tags: testsTags,
  summary: "Run every test case",
  description:
    "Four cases at once against the model, on one version; each case's outcome is kept with the version, replacing the last run's. A case whose values the template refuses fails with the reason. A failing service fails the whole run and keeps none of it.",
  middleware: [testRunBody.read] as const,
  request: { params: promptId, body: testRunBody.request },
  responses: {
    200: jsonAnswer(testRun, "Each case's outcome."),
    ...refusals({
      ...changersOnly,
      ...modelCall,
      ...purged,
      invalid_input: `A bad field, named; a prompt without test cases; or the connection cannot be used: ${keyNeeded}.`,
      not_found:
        "No such prompt you can see (`prompt_not_found`), connection of yours (`connection_not_found`) or version (`version_not_found`).",
    }),
  },
});

const updateTestRoute = createRoute({
  method: "patch",
  path: "/prompts/{id}/tests/{testId}",
  tags: testsTags,
  summary: "Change a test case",
  description: "Its outcomes so far stay, as they were run.",
  middleware: [testChange.read] as const,
  request: { params: testOfPrompt, body: testChange.request },
  responses: {
    200: jsonAnswer(testCase, "The test case, changed."),
    ...refusals({
      ...changersOnly,
      invalid_input: "A bad field or check, named; a JSON Schema that cannot be used.",
      not_found: "No such prompt you can see (`prompt_not_found`) or test case (`test_not_found`).",
    }),
  },
});

const deleteTestRoute = createRoute({
  method: "delete",
  path: "/prompts/{id}/tests/{testId}",
  tags: testsTags,
  summary: "Delete a test case",
  description: "With its outcomes.",
  request: { params: testOfPrompt },
  responses: {
    204: { description: "Deleted." },
    ...refusals({
      ...changersOnly,
      not_found: "No such prompt you can see (`prompt_not_found`) or test case (`test_not_found`).",
    }),
  },
});

/**
 * The answer to a run the person stopped by leaving: nothing, 499 (no one is there to read it).
 * Left out of the routes' declared answers, as no client ever receives it.
 */
function nobodyToAnswer(c: Context): never {
  return c.body(null, 499 as never) as never;
}

/**
 * The workbench's API under /api/v1: model connections (/connections), runs (/runs, streamed
 * as server-sent events when asked) and a prompt's kept runs, test cases and their outcomes
 * (/prompts/:id/runs, /prompts/:id/tests).
 */
export function workbenchRoutes(workbench: Workbench) {
  const { db } = workbench;
  return apiRouter()
    .openapi(listConnectionsRoute, async (c) => {
      const viewer = await c.get("viewer")();
      return c.json({ connections: await listConnections({ workbench, viewer }) }, 200);
    })
    .openapi(createConnectionRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const input = c.get("body");
      return c.json(await createConnection({ workbench, viewer, input }), 201);
    })
    .openapi(updateConnectionRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      const input = c.get("body");
      return c.json(await updateConnection({ workbench, viewer, id, input }), 200);
    })
    .openapi(deleteConnectionRoute, async (c) => {
      const viewer = await c.get("viewer")();
      await deleteConnection({ workbench, viewer, id: c.req.valid("param").id });
      return c.body(null, 204);
    })
    .openapi(listModelsRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      const signal = c.req.raw.signal;
      return c.json(await listConnectionModels({ workbench, viewer, id, signal }), 200);
    })
    .openapi(runRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const input = c.get("body");
      const prepared = await prepareRun({ workbench, viewer, input });
      if (!input.stream) {
        try {
          return c.json(await prepared.execute(c.req.raw.signal), 200);
        } catch (error) {
          if (error instanceof RunStopped) return nobodyToAnswer(c);
          throw error;
        }
      }
      return streamSSE(c, async (stream) => {
        const stop = new AbortController();
        stream.onAbort(() => stop.abort());
        // Written in order as they come; a write to a stream the person has left is dropped.
        const send = (event: string, data: unknown) =>
          stream.aborted
            ? Promise.resolve()
            : stream.writeSSE({ event, data: JSON.stringify(data) }).catch(() => {});
        try {
          const result = await prepared.execute(
            stop.signal,
            (text) => void send("delta", { text }),
          );
          await send("done", result);
        } catch (error) {
          if (error instanceof RunStopped) return;
          const known = asAppError(error);
          if (!known) c.get("log").error({ err: error }, "run failed");
          const body = errorBody(
            known ?? new AppError("internal", "Something went wrong. Please try again."),
          );
          await send("error", { error: body });
        }
      });
    })
    .openapi(listRunsRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      return c.json(await listRuns({ workbench, viewer, promptId: id }), 200);
    })
    .openapi(listTestsRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      return c.json(await listTests({ db, viewer, promptId: id }), 200);
    })
    .openapi(createTestRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      const input = c.get("body");
      return c.json(await createTest({ db, viewer, promptId: id, input }), 201);
    })
    .openapi(summaryRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id } = c.req.valid("param");
      return c.json(await testSummaries({ workbench, viewer, promptId: id }), 200);
    })
    .openapi(runTestsRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id: promptId } = c.req.valid("param");
      const input = c.get("body");
      const signal = c.req.raw.signal;
      try {
        return c.json(await runTests({ workbench, viewer, promptId, input, signal }), 200);
      } catch (error) {
        if (error instanceof RunStopped) return nobodyToAnswer(c);
        throw error;
      }
    })
    .openapi(updateTestRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id: promptId, testId: id } = c.req.valid("param");
      const input = c.get("body");
      return c.json(await updateTest({ db, viewer, promptId, id, input }), 200);
    })
    .openapi(deleteTestRoute, async (c) => {
      const viewer = await c.get("viewer")();
      const { id: promptId, testId: id } = c.req.valid("param");
      await deleteTest({ db, viewer, promptId, id });
      return c.body(null, 204);
    });
}
