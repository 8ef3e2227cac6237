import { useRef, useState } from "react";
import { api } from "~/lib/api-client.ts";
import type { Prompt, WholePrompt } from "../../../shared/prompt.ts";
import type { TextRange } from "../../../shared/search-match.ts";

type Fetched = { version: string; term: string; whole: WholePrompt };

/**
 * A card's prompt with its whole text. Lists carry only the start of a long text; the rest is
 * fetched once, when something needs it (Show more, Copy, Edit, Use template), and kept for as
 * long as the card shows that version of the prompt. In a search (`term`) the server also says
 * where the term lies in the whole text (`marks`); until it has said so for this term, `marks`
 * is undefined and `loadMarks` asks.
 */
export function useWholePrompt(prompt: Prompt, term = "") {
  const version = `${prompt.id} ${prompt.updatedAt}`;
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const pending = useRef<{ key: string; request: Promise<WholePrompt> } | null>(null);
  const listed = !prompt.truncated ? (prompt as WholePrompt) : null;
  const kept = fetched?.version === version ? fetched : null;
  const whole = listed ?? kept?.whole ?? null;
  const marks: TextRange[] | undefined = !term
    ? []
    : listed
      ? (listed.match?.text ?? [])
      : kept?.term === term
        ? (kept.whole.match?.text ?? [])
        : undefined;

  function fetchWhole(): Promise<WholePrompt> {
    const key = `${version} ${term}`;
    if (pending.current?.key === key) return pending.current.request;
    const query = term ? `?q=${encodeURIComponent(term)}` : "";
    const request = api<WholePrompt>("GET", `/api/v1/prompts/${prompt.id}${query}`).then(
      (result) => {
        setFetched({ version, term, whole: result });
        return result;
      },
    );
    pending.current = { key, request };
    const forget = () => {
      if (pending.current?.request === request) pending.current = null;
    };
    request.then(forget, forget);
    return request;
  }

  /** The whole prompt, fetched if need be (once, however many ask); rejects if it cannot be. */
  function load(): Promise<WholePrompt> {
    return whole ? Promise.resolve(whole) : fetchWhole();
  }

  /** Asks where the search term lies in the whole text, when that is not known yet. */
  function loadMarks() {
    if (marks === undefined) fetchWhole().catch(() => {});
  }

  return { whole, load, marks, loadMarks };
}
