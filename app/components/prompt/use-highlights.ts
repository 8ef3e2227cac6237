import { useState } from "react";
import type { Prompt } from "../../../shared/prompt.ts";
import type { Highlights } from "./community-highlights.tsx";

/**
 * The highlights on screen: the loader's, kept current by what happens while the page is open.
 * A prompt deleted here or announced deleted stays gone, even if a reload of the page's data
 * still lists it (the server keeps the day's highlights for a minute); a newly shared prompt
 * joins Fresh today; an edit shows.
 */
export function useHighlights(loaded: Highlights<Prompt> | undefined) {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<Prompt[]>([]);
  const [edited, setEdited] = useState<ReadonlyMap<string, Prompt>>(new Map());

  const latest = (prompt: Prompt) => {
    const edit = edited.get(prompt.id);
    return edit && edit.updatedAt > prompt.updatedAt ? edit : prompt;
  };
  let shown: Highlights<Prompt> | undefined;
  if (loaded) {
    const listed = new Set(loaded.freshToday.map((prompt) => prompt.id));
    const arrived = added.filter((prompt) => !listed.has(prompt.id) && !gone.has(prompt.id));
    const kept = loaded.freshToday.filter((prompt) => !gone.has(prompt.id));
    const pick = loaded.promptOfTheDay;
    shown = {
      promptOfTheDay: pick && !gone.has(pick.id) ? latest(pick) : null,
      freshToday: [...arrived, ...kept].map(latest),
      freshCount: Math.max(0, loaded.freshCount + arrived.length - (listed.size - kept.length)),
    };
  }

  return {
    shown,
    shows: (id: string) =>
      Boolean(
        shown &&
          (shown.promptOfTheDay?.id === id || shown.freshToday.some((prompt) => prompt.id === id)),
      ),
    remove: (id: string) => setGone((ids) => new Set(ids).add(id)),
    replace: (prompt: Prompt) => setEdited((edits) => new Map(edits).set(prompt.id, prompt)),
    /** A prompt shared while the page is open: the newest of today's. */
    add: (prompt: Prompt) =>
      setAdded((list) => (list.some((item) => item.id === prompt.id) ? list : [prompt, ...list])),
  };
}
