import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { AppError, asAppError, errorBody } from "../../errors.ts";
import { parseInput } from "../../validation.ts";
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
import type { AppEnv } from "../app-env.ts";
import { readJson } from "./read-json.ts";

/**
 * The workbench's API under /api/v1: model connections (/connections), runs (/runs, streamed
 * as server-sent events when asked) and a prompt's kept runs, test cases and their outcomes
 * (/prompts/:id/runs, /prompts/:id/tests).
 */
export function workbenchRoutes(workbench: Workbench) {
  const { db } = workbench;
  const routes = new Hono<AppEnv>();

  routes.get("/connections", async (c) => {
    const viewer = await c.get("viewer")();
    return c.json({ connections: await listConnections({ workbench, viewer }) });
  });

  routes.post("/connections", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(newConnectionInput, await readJson(c));
    return c.json(await createConnection({ workbench, viewer, input }), 201);
  });

  routes.patch("/connections/:id", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(connectionChangeInput, await readJson(c));
    return c.json(await updateConnection({ workbench, viewer, id: c.req.param("id"), input }));
  });

  routes.delete("/connections/:id", async (c) => {
    const viewer = await c.get("viewer")();
    await deleteConnection({ workbench, viewer, id: c.req.param("id") });
    return c.body(null, 204);
  });

  routes.get("/connections/:id/models", async (c) => {
    const viewer = await c.get("viewer")();
    const id = c.req.param("id");
    return c.json(await listConnectionModels({ workbench, viewer, id, signal: c.req.raw.signal }));
  });

  routes.post("/runs", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(runInput, await readJson(c));
    const run = await prepareRun({ workbench, viewer, input });
    if (!input.stream) {
      try {
        return c.json(await run.execute(c.req.raw.signal));
      } catch (error) {
        // The person is gone: there is no one to answer.
        if (error instanceof RunStopped) return c.body(null, 499 as never);
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
        const result = await run.execute(stop.signal, (text) => void send("delta", { text }));
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
  });

  routes.get("/prompts/:id/runs", async (c) => {
    const viewer = await c.get("viewer")();
    return c.json(await listRuns({ workbench, viewer, promptId: c.req.param("id") }));
  });

  routes.get("/prompts/:id/tests", async (c) => {
    const viewer = await c.get("viewer")();
    return c.json(await listTests({ db, viewer, promptId: c.req.param("id") }));
  });

  routes.post("/prompts/:id/tests", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(newTestInput, await readJson(c));
    return c.json(await createTest({ db, viewer, promptId: c.req.param("id"), input }), 201);
  });

  routes.get("/prompts/:id/tests/summary", async (c) => {
    const viewer = await c.get("viewer")();
    return c.json(await testSummaries({ workbench, viewer, promptId: c.req.param("id") }));
  });

  routes.post("/prompts/:id/tests/run", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(testRunInput, await readJson(c));
    const promptId = c.req.param("id");
    try {
      return c.json(
        await runTests({ workbench, viewer, promptId, input, signal: c.req.raw.signal }),
      );
    } catch (error) {
      if (error instanceof RunStopped) return c.body(null, 499 as never);
      throw error;
    }
  });

  routes.patch("/prompts/:id/tests/:testId", async (c) => {
    const viewer = await c.get("viewer")();
    const input = parseInput(testChangeInput, await readJson(c));
    const { id: promptId, testId: id } = c.req.param();
    return c.json(await updateTest({ db, viewer, promptId, id, input }));
  });

  routes.delete("/prompts/:id/tests/:testId", async (c) => {
    const viewer = await c.get("viewer")();
    const { id: promptId, testId: id } = c.req.param();
    await deleteTest({ db, viewer, promptId, id });
    return c.body(null, 204);
  });

  return routes;
}
