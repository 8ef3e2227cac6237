import { useCallback } from "react";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { api } from "~/lib/api-client.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { RunView } from "../../../shared/workbench.ts";

/** The prompt's kept runs, newest first, each with what it was given and what it answered. */
export function RunsTab(props: { promptId: string }) {
  const read = useCallback(
    () =>
      api<{ runs: RunView[] }>("GET", `/api/v1/prompts/${props.promptId}/runs`).then(
        (answer) => answer.runs,
      ),
    [props.promptId],
  );
  const { state, reload } = useApiData(read);
  if (state.kind !== "ready") {
    return (
      <ApiDataStatus state={state} what="runs" onRetry={() => void reload()} className="mt-4" />
    );
  }
  if (!state.value.length) {
    return (
      <p className="mt-4 text-sm text-muted">No runs kept yet: a run you make is kept here.</p>
    );
  }
  return (
    <ol className="mt-4 divide-y divide-line rounded-lg ring-1 ring-line">
      {state.value.map((run) => (
        <li key={run.id} className="p-3">
          <details>
            <summary className="cursor-pointer text-sm text-fg">
              <span className="font-medium">Version {run.version}</span> · {run.model} on{" "}
              {run.connectionName} · <LocalDate value={run.createdAt} /> ·{" "}
              {(run.ms / 1000).toFixed(1)} s
            </summary>
            {Object.keys(run.values).length ? (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                {Object.entries(run.values).map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="font-medium text-fg-soft">{name}</dt>
                    <dd className="break-words text-muted">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <p className="mt-2 max-h-64 overflow-y-auto rounded bg-canvas p-2 text-sm break-words whitespace-pre-wrap text-fg">
              {run.output}
            </p>
          </details>
        </li>
      ))}
    </ol>
  );
}
