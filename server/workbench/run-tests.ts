import { sql } from "drizzle-orm";
import { type TestResult, type TestRunResult, testsAtOnce } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { promptTestResults } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { fillForRun } from "../mcp/fill-template.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { answerFailures } from "./answer-checks.ts";
import { requireConnection } from "./connection-access.ts";
import { openConnection } from "./connection-view.ts";
import { callModel } from "./model-client.ts";
import { versionText } from "./prompt-to-run.ts";
import { requirePromptPrivateData } from "./prompt-workbench-access.ts";
import { runDeadline } from "./run-deadline.ts";
import type { TestRunInput } from "./run-input.ts";
import { testRows } from "./test-cases.ts";
import { upstreamFailure } from "./upstream-failure.ts";
import type { Workbench } from "./workbench.ts";

/**
 * Runs every test case of a prompt against a model, at most `testsAtOnce` at a time, on one
 * version (the current one unless asked), and keeps each case's outcome with that version. A
 * case whose values the template refuses fails with the reason. A failing model service fails
 * the whole run, and none of its outcomes are kept: the stored outcomes of a version are always
 * those of one whole run.
 */
export async function runTests(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  promptId: string;
  input: TestRunInput;
  signal: AbortSignal;
}): Promise<TestRunResult> {
  const viewer = requireViewer(options.viewer);
  const { workbench, input } = options;
  const { db, secret, limits } = workbench;
  const prompt = await requirePromptPrivateData(db, viewer, options.promptId, "change");
  const connection = await requireConnection(db, viewer, input.connectionId);
  const open = openConnection(connection, secret);
  const { version, promptText } = await versionText(db, viewer, prompt, input.version);
  const tests = await testRows(db, prompt.id);
  if (!tests.length) {
    throw new AppError("invalid_input", "This prompt has no test cases yet. Add one first.");
  }
  const release = workbench.slots.take(viewer.userId);
  // The first failure stops the cases still running: their answers would be thrown away; so
  // does the request's end. The deadline is a timer of our own (run-deadline.ts).
  const stop = new AbortController();
  const stopWithRequest = () => stop.abort(options.signal.reason);
  if (options.signal.aborted) stopWithRequest();
  else options.signal.addEventListener("abort", stopWithRequest, { once: true });
  const deadline = runDeadline(stop.signal, limits.timeoutMs);
  const signal = deadline.signal;
  try {
    const results: TestResult[] = new Array(tests.length);
    let next = 0;
    const worker = async () => {
      while (next < tests.length) {
        const index = next++;
        const test = tests[index];
        if (!test) continue;
        let text: string;
        try {
          text = await fillForRun({
            db,
            viewer,
            template: { id: prompt.id, title: prompt.title, promptText },
            values: test.values,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results[index] = {
            testId: test.id,
            passed: false,
            output: "",
            failures: [error.message],
          };
          continue;
        }
        const answer = await callModel(open, limits, {
          model: input.model,
          prompt: text,
          temperature: input.temperature,
          maxTokens: input.maxTokens,
          // A signal of its own, so what each call hangs on the shared one goes with the call.
          signal: AbortSignal.any([signal]),
        }).catch(async (error: unknown) => {
          stop.abort();
          throw await upstreamFailure(error, {
            apiKey: open.apiKey,
            timeoutS: limits.timeoutMs / 1000,
            stopped: options.signal.aborted,
            timedOut: deadline.timedOut(),
          });
        });
        const failures = await answerFailures(answer.output, test.checks);
        results[index] = {
          testId: test.id,
          passed: failures.length === 0,
          output: answer.output,
          failures,
        };
      }
    };
    const workers = Array.from({ length: Math.min(testsAtOnce, tests.length) }, worker);
    const settled = await Promise.allSettled(workers);
    const failed = settled.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    await db
      .insert(promptTestResults)
      .values(
        results.map((result) => ({
          testId: result.testId,
          promptId: prompt.id,
          version,
          passed: result.passed,
          output: result.output,
          failures: result.failures,
          connectionName: connection.name,
          model: input.model,
        })),
      )
      .onConflictDoUpdate({
        target: [promptTestResults.testId, promptTestResults.version],
        set: {
          passed: sql`excluded.passed`,
          output: sql`excluded.output`,
          failures: sql`excluded.failures`,
          connectionName: sql`excluded.connection_name`,
          model: sql`excluded.model`,
          createdAt: sql`now()`,
        },
      });
    return { version, results };
  } finally {
    deadline.end();
    options.signal.removeEventListener("abort", stopWithRequest);
    release();
  }
}
