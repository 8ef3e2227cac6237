import { useCallback, useEffect, useRef, useState } from "react";
import type { ErrorBody } from "../../../shared/error-codes.ts";
import { runEvents } from "../../../shared/run-events.ts";
import type { RunResult } from "../../../shared/workbench.ts";

/** What a run's body names: a prompt (at a version) or a text, its values and the model. */
export interface RunRequest {
  promptId?: string;
  version?: number;
  promptText?: string;
  values: Record<string, string>;
  connectionId: string;
  model: string;
  temperature?: number;
  maxTokens?: number;
}

export type RunState =
  | { status: "idle" }
  | { status: "running"; output: string }
  | { status: "done"; output: string; result: RunResult }
  | { status: "stopped"; output: string }
  | { status: "failed"; output: string; message: string };

/**
 * One run at a time, streamed: its answer grows as the model writes it. Stop (or leaving: the
 * panel closing) abandons the request, and the server stops the model's with it.
 */
export function useRunStream() {
  const [state, setState] = useState<RunState>({ status: "idle" });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async (request: RunRequest) => {
    running.current?.abort();
    const abort = new AbortController();
    running.current = abort;
    let output = "";
    setState({ status: "running", output });
    try {
      const response = await fetch("/api/v1/runs", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ ...request, stream: true }),
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { error?: ErrorBody } | null;
        setState({
          status: "failed",
          output,
          message: body?.error?.message ?? "The run could not start. Please try again.",
        });
        return;
      }
      for await (const event of runEvents(response.body)) {
        if (event.event === "delta") {
          output += event.data.text;
          setState({ status: "running", output });
        } else if (event.event === "done") {
          setState({ status: "done", output: event.data.output, result: event.data });
        } else {
          setState({ status: "failed", output, message: event.data.error.message });
        }
      }
    } catch {
      setState(
        abort.signal.aborted
          ? { status: "stopped", output }
          : { status: "failed", output, message: "The connection to PromptShelf was lost." },
      );
    } finally {
      if (running.current === abort) running.current = null;
    }
  }, []);

  const stop = useCallback(() => running.current?.abort(), []);
  return { state, start, stop };
}
