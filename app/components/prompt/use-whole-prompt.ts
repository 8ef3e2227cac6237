import { useRef, useState } from "react";
import { api } from "~/lib/api-client.ts";
import type { Prompt, WholePrompt } from "../../../shared/prompt.ts";

/**
 * A card's prompt with its whole text. Lists carry only the start of a long text; the rest is
 * fetched once, when something needs it (Show more, Copy, Edit, Use template), and kept for as
 * long as the card shows that version of the prompt.
 */
export function useWholePrompt(prompt: Prompt) {
  const version = `${prompt.id} ${prompt.updatedAt}`;
  const [fetched, setFetched] = useState<{ version: string; whole: WholePrompt } | null>(null);
  const pending = useRef<{ version: string; request: Promise<WholePrompt> } | null>(null);
  const whole = !prompt.truncated
    ? (prompt as WholePrompt)
    : fetched?.version === version
      ? fetched.whole
      : null;

  /** The whole prompt, fetched if need be (once, however many ask); rejects if it cannot be. */
  function load(): Promise<WholePrompt> {
    if (whole) return Promise.resolve(whole);
    if (pending.current?.version === version) return pending.current.request;
    const request = api<WholePrompt>("GET", `/api/v1/prompts/${prompt.id}`).then((result) => {
      setFetched({ version, whole: result });
      return result;
    });
    pending.current = { version, request };
    const forget = () => {
      if (pending.current?.request === request) pending.current = null;
    };
    request.then(forget, forget);
    return request;
  }

  return { whole, load };
}
