import { useEffect, useRef, useState } from "react";
import { api } from "~/lib/api-client.ts";
import type { PaletteAnswer } from "../../../shared/palette.ts";
import type { Prompt } from "../../../shared/prompt.ts";

interface PaletteResults {
  /** The term these results answer, which their marks highlight. */
  term: string;
  own: Prompt[];
  teams: Prompt[];
  teamsSearched: boolean;
  community: Prompt[];
  /** Every own prompt that matched, when the answer names them (at most 100). */
  ownMatches: string[] | null;
}

/** The own prompts an earlier answer found, all of them, and the term it answered. */
interface OwnMatches {
  term: string;
  ids: string[];
}

/**
 * Every group in one request. A term that holds the one an earlier answer listed all the own
 * matches of is looked for among those alone: typing on, each search reads fewer of the
 * person's prompts.
 */
async function search(term: string, earlier: OwnMatches | null, signal: AbortSignal) {
  const query = new URLSearchParams({ q: term });
  if (earlier && term.includes(earlier.term)) {
    query.set("within", earlier.ids.join(","));
    query.set("withinQ", earlier.term);
  }
  return api<PaletteAnswer>("GET", `/api/v1/palette?${query}`, undefined, { signal });
}

/**
 * The person's prompts, their teams' and the community's that match what is typed, best match first (see
 * find-palette-prompts.ts). A key's search is sent at once, and one search is on its way at a
 * time: keys typed meanwhile wait for it, then only the newest term is searched, and the answer to an older one is dropped unseen, so a fast typist never queues
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
  const ownMatches = useRef<OwnMatches | null>(null);
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
      search(asked, ownMatches.current, signal).then(
        (answer) => {
          inFlight.current = false;
          if (answer.ownMatches) ownMatches.current = { term: asked, ids: answer.ownMatches };
          if (asked === wanted.current) {
            setResults({
              term: asked,
              own: answer.own,
              teams: answer.teams,
              teamsSearched: answer.teamsSearched,
              community: answer.community,
              ownMatches: answer.ownMatches,
            });
          } else send();
        },
        () => {
          inFlight.current = false;
          if (signal.aborted) return;
          if (asked === wanted.current) setFailed(asked);
          else send();
        },
      );
    }
    send();
  }, [term]);

  return { results: term ? results : null, searching, failed: failed !== null && failed === term };
}
