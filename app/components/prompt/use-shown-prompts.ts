import type { Prompt, PromptListData } from "../../../shared/prompt.ts";
import type { Highlights } from "./community-highlights.tsx";
import { useHighlights } from "./use-highlights.ts";
import { usePromptList } from "./use-prompt-list.ts";

/**
 * The prompts a library page shows: its list, and the community's highlights where it has them.
 * A change to a prompt shows wherever it is; a deleted one goes from both.
 */
export function useShownPrompts(data: PromptListData, highlights?: Highlights<Prompt>) {
  const list = usePromptList(data);
  const shownHighlights = useHighlights(highlights);
  return {
    list,
    highlights: shownHighlights,
    replace: (prompt: Prompt) => {
      list.replace(prompt);
      shownHighlights.replace(prompt);
    },
    remove: (id: string) => {
      list.remove(id);
      shownHighlights.remove(id);
    },
    shows: (id: string) =>
      list.items.some((prompt) => prompt.id === id) || shownHighlights.shows(id),
  };
}

export type ShownPrompts = ReturnType<typeof useShownPrompts>;
