import type { ErrorBody } from "./error-codes.ts";
import type { RunResult } from "./workbench.ts";

/** What POST /api/v1/runs streams: pieces of the answer, then its end or an error. */
export type RunEvent =
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: RunResult }
  | { event: "error"; data: { error: ErrorBody } };

/**
 * The events of a run's stream as they arrive. The server writes each event as `event:` and
 * one `data:` line of JSON, ended by a blank line (server/http/api/workbench-routes.ts); a
 * browser's EventSource cannot send a POST, so the page reads the stream itself.
 */
export async function* runEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<RunEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      let end = buffered.indexOf("\n\n");
      while (end !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) yield { event, data: JSON.parse(data) } as RunEvent;
        end = buffered.indexOf("\n\n");
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
