import { z } from "@hono/zod-openapi";
import { checkKinds, connectionKinds } from "../../../shared/workbench.ts";
import { count, id, timestamp, versionNumber } from "./shapes.ts";

/**
 * What the workbench's routes answer, as schemas (shared/workbench.ts has the same shapes as
 * types, for the pages): model connections, runs, test cases and their outcomes.
 */

const values = z
  .record(z.string(), z.string())
  .describe("The template's variables' values, by name.");

export const connection = z
  .object({
    id,
    name: z.string(),
    kind: z.enum(connectionKinds),
    baseUrl: z.string().describe("Without its trailing slash."),
    hasKey: z.boolean().describe("Whether it has an API key this server can open (never the key)."),
    keyNeedsEntering: z
      .boolean()
      .describe(
        "A key was kept under another `CONNECTION_SECRET` (a backup restored elsewhere): enter it again.",
      ),
    defaultModel: z.string().nullable(),
    team: z
      .object({ id, name: z.string() })
      .nullable()
      .describe("A team's connection, which its members run with; null: your own."),
    canManage: z
      .boolean()
      .describe("Whether you may change and delete it: your own, or a team's you own."),
  })
  .openapi("Connection", { description: "A model connection: its key is never sent back." });

export const connectionList = z
  .object({
    connections: z
      .array(connection)
      .describe("Your own, then your teams' (by the team's name), oldest first."),
  })
  .openapi("ConnectionList");

export const modelList = z
  .object({ models: z.array(z.string()).describe("The models' ids, as the service lists them.") })
  .openapi("ModelList");

const usage = z
  .object({ inputTokens: count.nullable(), outputTokens: count.nullable() })
  .describe("Tokens the service reported reading and writing; null when it did not say.");
const times = {
  ms: count.describe("From sending the request to the whole answer, in milliseconds."),
  firstTokenMs: count.nullable().describe("From sending the request to the answer's first piece."),
};

export const runResult = z
  .object({
    runId: id
      .nullable()
      .describe(
        "The kept run; null when nothing was kept (a text typed in, or another person's prompt).",
      ),
    output: z.string(),
    usage,
    ...times,
    version: versionNumber.nullable().describe("The prompt's version run; null for a text."),
  })
  .openapi("RunResult", {
    description: "A finished run: the whole answer, or a stream's `done` event.",
  });

export const runList = z
  .object({
    runs: z
      .array(
        z.object({
          id,
          version: versionNumber,
          connectionName: z.string().describe("As it was named when the run was made."),
          model: z.string(),
          temperature: z.number().nullable(),
          maxTokens: z.number().int().nullable(),
          values,
          output: z.string(),
          usage,
          ...times,
          createdAt: timestamp,
        }),
      )
      .describe("Newest first."),
  })
  .openapi("RunList");

export const testCase = z
  .object({
    id,
    name: z.string(),
    values,
    checks: z.array(z.object({ kind: z.enum(checkKinds), value: z.string() })),
  })
  .openapi("TestCase");

export const testList = z
  .object({ tests: z.array(testCase).describe("Oldest first.") })
  .openapi("TestList");

export const testRun = z
  .object({
    version: versionNumber.describe("The version the cases ran on."),
    results: z
      .array(
        z.object({
          testId: id,
          passed: z.boolean(),
          output: z.string(),
          failures: z
            .array(z.string())
            .describe("Why it failed: one line per check that did not hold, or the values' error."),
        }),
      )
      .describe("One per case, in the cases' order."),
  })
  .openapi("TestRun");

export const testSummaryList = z
  .object({
    versions: z
      .array(
        z.object({
          version: versionNumber,
          passed: count,
          total: count,
          broke: z
            .array(z.object({ testId: id, name: z.string() }))
            .describe("Cases that passed on `comparedWith` and fail on this version."),
          comparedWith: versionNumber
            .nullable()
            .describe("The newest earlier version with outcomes, if any."),
          comparedPassed: count.describe("How many of the cases run on both passed there."),
        }),
      )
      .describe("Newest first, at most 100 versions."),
  })
  .openapi("TestSummaryList", {
    description: "How each version did on the prompt's test cases, as last run.",
  });
