import { useEffect, useState } from "react";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt, WholePrompt } from "../../../shared/prompt.ts";
import { useWholePrompt } from "./use-whole-prompt.ts";

/**
 * What a card shows of its text, and the actions that need all of it. The list gives only the
 * start of a long text: Show more, Edit, Copy and Use template fetch the whole of it when asked.
 * Expanded, the card shows the whole text for as long as it has it (not after a change), with a
 * search's matches marked once the server has said where they are.
 */
export function useCardText(prompt: Prompt, term: string) {
  const whole = useWholePrompt(prompt, term);
  const [expanded, setExpanded] = useState(false);
  const [fetching, setFetching] = useState<"more" | "edit" | null>(null);
  const shown = expanded ? whole.whole : null;
  const { loadMarks } = whole;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the term or the whole text changes.
  useEffect(() => {
    if (shown) loadMarks();
  }, [shown, term]);

  /** Runs the action on the whole prompt, fetching it first if the list cut it short. */
  async function withWhole(action: "more" | "edit", then: (prompt: WholePrompt) => void) {
    if (whole.whole) return then(whole.whole);
    if (fetching) return;
    setFetching(action);
    try {
      then(await whole.load());
    } catch {
      showNotice(messages.loadFailed());
    } finally {
      setFetching(null);
    }
  }

  return {
    whole,
    /** The whole text when the card shows it, with where the term lies in it. */
    shown: shown ? { text: shown.promptText, marks: whole.marks ?? [] } : null,
    fetching,
    toggleMore: () =>
      shown ? setExpanded(false) : void withWhole("more", () => setExpanded(true)),
    edit: (onEdit: (prompt: WholePrompt) => void) => void withWhole("edit", onEdit),
    /** The whole text for Copy and Open in: at once when the card has it, else on its way. */
    copySource: whole.whole
      ? whole.whole.promptText
      : () => whole.load().then((loaded) => loaded.promptText),
  };
}
