import { useEffect, useState } from "react";
import { api } from "~/lib/api-client.ts";
import type { Prompt, PromptPage } from "../../../shared/prompt.ts";

/**
 * Long enough to send one search for a word typed in one go, short enough that results follow
 * the last key within 100 ms on a local server (measured in tests/e2e/palette-speed.spec.ts).
 */
const debounceMs = 30;
/** Results shown for each of the two groups. */
export const resultsPerGroup = 5;

export interface PaletteResults {
  /** The term these results answer, which their marks highlight. */
  term: string;
  own: Prompt[];
  community: Prompt[];
}

function search(scope: "personal" | "community", term: string, signal: AbortSignal) {
  const query = new URLSearchParams({
    scope,
    q: term,
    sort: "relevance",
    limit: String(resultsPerGroup),
  });
  return api<PromptPage>("GET", `/api/v1/prompts?${query}`, undefined, { signal });
}

/**
 * The person's prompts and the community's that match what is typed, best match first. A new
 * key abandons the search still on its way; the last results stay on screen until the next
 * ones arrive, and `searching` says one is on its way.
 */
export function usePaletteSearch(typed: string) {
  const term = typed.trim();
  const [results, setResults] = useState<PaletteResults | null>(null);
  const [failed, setFailed] = useState(false);
  const searching = term !== "" && results?.term !== term && !failed;

  useEffect(() => {
    setFailed(false);
    if (!term) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      Promise.all([
        search("personal", term, controller.signal),
        search("community", term, controller.signal),
      ]).then(
        ([own, community]) => setResults({ term, own: own.items, community: community.items }),
        () => {
          if (!controller.signal.aborted) setFailed(true);
        },
      );
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  return { results: term ? results : null, searching, failed };
}
