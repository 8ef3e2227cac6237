import type { Viewer } from "../auth/viewer.ts";
import { requireViewer } from "../prompts/prompt-access.ts";
import { requireConnection } from "./connection-access.ts";
import { openConnection } from "./connection-view.ts";
import { listModels } from "./model-client.ts";
import { runDeadline } from "./run-deadline.ts";
import { RunStopped, upstreamFailure } from "./upstream-failure.ts";
import type { Workbench } from "./workbench.ts";

/** The models a connection's service reports, by id. */
export async function listConnectionModels(options: {
  workbench: Workbench;
  viewer: Viewer | null;
  id: string;
  signal: AbortSignal;
}): Promise<{ models: string[] }> {
  const viewer = requireViewer(options.viewer);
  const { db, secret, limits, slots } = options.workbench;
  const open = openConnection(await requireConnection(db, viewer, options.id), secret);
  const release = slots.take(viewer.userId);
  const deadline = runDeadline(options.signal, limits.timeoutMs);
  try {
    return { models: await listModels(open, limits, deadline.signal) };
  } catch (error) {
    const failure = await upstreamFailure(error, {
      apiKey: open.apiKey,
      timeoutS: limits.timeoutMs / 1000,
      stopped: options.signal.aborted,
      timedOut: deadline.timedOut(),
    });
    throw failure instanceof RunStopped ? error : failure;
  } finally {
    deadline.end();
    release();
  }
}
