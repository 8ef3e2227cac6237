import { useEffect, useRef, useState } from "react";
import { api } from "~/lib/api-client.ts";
import type { Prompt, PromptPage } from "../../../shared/prompt.ts";

/**
 * Long enough to send one search for a word typed in one go, short enough that results follow
 * the last key within 100 ms on a local server (measured in tests/e2e/palette-speed.spec.ts).
 */
const debounceMs = 30;
/** Results shown for each of the two groups. */
const resultsPerGroup = 5;

interface PaletteResults {
  /** The term these results answer, which their marks highlight. */
  term: string;
  own: Prompt[];
  community: Prompt[];
}

async function search(term: string, signal: AbortSignal): Promise<PaletteResults> {
  const list = (scope: "personal" | "community") => {
    const query = new URLSearchParams({
      scope,
      q: term,
      sort: "relevance",
      limit: String(resultsPerGroup),
    });
    return api<PromptPage>("GET", `/api/v1/prompts?${query}`, undefined, { signal });
  };
  const [own, community] = await Promise.all([list("personal"), list("community")]);
  return { term, own: own.items, community: community.items };
}

/**
 * The person's prompts and the community's that match what is typed, best match first. One
 * search is on its way at a time: keys typed meanwhile wait for it, then only the newest term is
 * searched, and the answer to an older one is dropped unseen, so a fast typist never queues
 * searches on the server. Closing the palette abandons the search on its way. The last results
 * stay on screen until the next ones arrive, and `searching` says one is on its way.
 */
export function usePaletteSearch(typed: string) {
  const term = typed.trim();
  const [results, setResults] = useState<PaletteResults | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = useRef(term);
  const inFlight = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const searching = term !== "" && results?.term !== term && failed !== term;

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    wanted.current = term;
    if (!term) {
      setResults(null);
      return;
    }
    function send() {
      if (inFlight.current) return;
      const asked = wanted.current;
      if (!asked) return;
      inFlight.current = true;
      controller.current = new AbortController();
      const { signal } = controller.current;
      search(asked, signal).then(
        (answer) => {
          inFlight.current = false;
          if (asked === wanted.current) setResults(answer);
          else send();
        },
        () => {
          inFlight.current = false;
          if (signal.aborted) return;
          if (asked === wanted.current) setFailed(asked);
          else send();
        },
      );
    }
    const timer = window.setTimeout(send, debounceMs);
    return () => window.clearTimeout(timer);
  }, [term]);

  return { results: term ? results : null, searching, failed: failed !== null && failed === term };
}
