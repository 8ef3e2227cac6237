import type { RunState } from "./use-run-stream.ts";

/**
 * A run's answer as it is written, then how long it took and how many tokens it used. The answer
 * is a live region: a screen reader hears that it is being written and when it ends, not each
 * word (it is marked busy until then).
 */
export function RunOutput(props: { state: RunState; label: string }) {
  const { state } = props;
  if (state.status === "idle") return null;
  const busy = state.status === "running";
  return (
    <section aria-label={props.label} className="mt-4">
      <output
        aria-live="polite"
        aria-busy={busy}
        // It scrolls when long, so it must take focus for a keyboard to scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
        tabIndex={0}
        className="block max-h-96 min-h-16 overflow-y-auto rounded-lg bg-canvas p-3 text-sm break-words whitespace-pre-wrap text-fg ring-1 ring-line"
      >
        {state.output || (busy ? "Waiting for the first words…" : "")}
      </output>
      <p className="mt-1 text-xs text-muted" role={state.status === "failed" ? "alert" : undefined}>
        {state.status === "running" ? "Writing…" : null}
        {state.status === "stopped" ? "Stopped. Nothing was kept." : null}
        {state.status === "failed" ? (
          <span className="text-danger-text">{state.message}</span>
        ) : null}
        {state.status === "done" ? stats(state.result) : null}
      </p>
    </section>
  );
}

function stats(result: Extract<RunState, { status: "done" }>["result"]) {
  const parts = [
    result.firstTokenMs === null ? null : `first words after ${ms(result.firstTokenMs)}`,
    `done in ${ms(result.ms)}`,
    result.usage.inputTokens === null ? null : `${result.usage.inputTokens} tokens in`,
    result.usage.outputTokens === null ? null : `${result.usage.outputTokens} out`,
    result.runId ? `kept with version ${result.version}` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

function ms(value: number) {
  return value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(1)} s`;
}
