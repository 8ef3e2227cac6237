import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { showNotice } from "~/lib/notify.ts";
import { failureNotice, type PromptActionResult } from "~/lib/prompt-actions.ts";
import { messages, type Notice } from "../../../shared/messages.ts";

/** Shows the catalogue's notice once for each answer a library action gives. */
export function useActionNotices(
  fetcher: FetcherWithComponents<PromptActionResult>,
  options: {
    created: Notice;
    deleted?: Notice;
    global?: boolean;
    onResult?: (result: PromptActionResult) => void;
  },
) {
  const handled = useRef<PromptActionResult | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    const { created, deleted, global, onResult } = latest.current;
    // A share held for the privacy check has the privacy dialog to say so.
    if (!result.ok) {
      if (result.error.detail !== "privacy_findings") showNotice(failureNotice(result, { global }));
    } else if (result.intent === "create") showNotice(created);
    else if (result.intent === "update") showNotice(messages.promptUpdated);
    else showNotice(deleted ?? messages.promptDeleted);
    onResult?.(result);
  }, [fetcher.data, fetcher.state]);
}
