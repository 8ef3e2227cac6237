import type { RunResult } from "../../shared/workbench.ts";
import type { Viewer } from "../auth/viewer.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireConnection } from "./connection-access.ts";
import { openConnection } from "./connection-view.ts";
import { callModel } from "./model-client.ts";
import { promptToRun } from "./prompt-to-run.ts";
import { privateDataAccess } from "./prompt-workbench-access.ts";
import { recordRun } from "./record-run.ts";
import { runDeadline } from "./run-deadline.ts";
import type { RunInput } from "./run-input.ts";
import { upstreamFailure } from "./upstream-failure.ts";
import type { Workbench } from "./workbench.ts";

export type PreparedRun = Awaited<ReturnType<typeof prepareRun>>;

/**
 * A run made ready: the connection and the prompt (at a version, or a typed-in text) found and
 * filled, and one of the person's run slots taken, so every refusal (not found, a bad value,
 * too many runs) comes before anything is sent or streamed. `execute` sends it; the slot is
 * given back when it ends (or by `cancel`, when it never starts).
 */
export async function prepareRun(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  input: RunInput;
}) {
  const viewer = requireViewer(options.viewer);
  const { workbench, input } = options;
  const { db, secret, limits } = workbench;
  const connection = await requireConnection(db, viewer, input.connectionId);
  const open = openConnection(connection, secret);
  const { text, prompt } = await promptToRun({ db, viewer, ...input });
  const release = workbench.slots.take(viewer.userId);

  /**
   * Sends the run; each piece of the answer goes to `onDelta` as it comes when given. A run of
   * a prompt whose private data the viewer may read is kept with its version once finished; a
   * failed or stopped run keeps nothing. `signal` stops it, and the request to the service.
   */
  async function execute(
    signal: AbortSignal,
    onDelta?: (text: string) => void,
  ): Promise<RunResult> {
    const deadline = runDeadline(signal, limits.timeoutMs);
    try {
      const answer = await callModel(open, limits, {
        model: input.model,
        prompt: text,
        temperature: input.temperature,
        maxTokens: input.maxTokens,
        signal: deadline.signal,
        onDelta,
      }).catch(async (error: unknown) => {
        throw await upstreamFailure(error, {
          apiKey: open.apiKey,
          timeoutS: limits.timeoutMs / 1000,
          stopped: signal.aborted,
          timedOut: deadline.timedOut(),
        });
      });
      const keeps = prompt !== null && privateDataAccess(prompt, viewer) !== null;
      const runId = keeps
        ? await recordRun(
            db,
            {
              promptId: prompt.id,
              version: prompt.runVersion,
              userId: viewer.userId,
              connectionId: connection.id,
              connectionName: connection.name,
              model: input.model,
              temperature: input.temperature,
              maxTokens: input.maxTokens,
              values: input.values,
              ...answer,
            },
            workbench.runsKeptPerPrompt,
          )
        : null;
      return { runId, ...answer, version: prompt?.runVersion ?? null };
    } finally {
      deadline.end();
      release();
    }
  }

  return { execute, cancel: release };
}
