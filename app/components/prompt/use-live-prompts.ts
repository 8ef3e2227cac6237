import { useEffect, useRef } from "react";
import { api } from "~/lib/api-client.ts";
import type { Prompt, PromptChange } from "../../../shared/prompt.ts";

/**
 * Keeps an open community list current: new shared prompts appear at the top, edits show, and
 * deleted ones disappear, from the server's event stream (which the browser reconnects by itself).
 * A changed prompt is read for the list's search term, so the server says whether it matches
 * (`match` null when it does not) and where.
 */
export function useLivePrompts(options: {
  enabled: boolean;
  /** The list's search term, "" when none. */
  term: string;
  /** Whether a prompt belongs on this list (its topic). */
  belongs: (prompt: Prompt) => boolean;
  /** Whether the prompt is on screen: an edit of one that is not needs no look-up. */
  shows: (id: string) => boolean;
  onCreated: (prompt: Prompt) => void;
  onUpdated: (prompt: Prompt) => void;
  onDeleted: (id: string) => void;
}) {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (!options.enabled) return;
    const source = new EventSource("/api/v1/events");
    source.addEventListener("prompt", (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as PromptChange;
      if (change.type === "deleted") {
        latest.current.onDeleted(change.id);
        return;
      }
      if (change.type === "updated" && !latest.current.shows(change.id)) return;
      const { term } = latest.current;
      const query = term ? `?q=${encodeURIComponent(term)}` : "";
      api<Prompt>("GET", `/api/v1/prompts/${change.id}${query}`)
        .then((prompt) => {
          if (!latest.current.belongs(prompt)) return;
          if (change.type === "created") latest.current.onCreated(prompt);
          else latest.current.onUpdated(prompt);
        })
        .catch(() => {});
    });
    return () => source.close();
  }, [options.enabled]);
}
