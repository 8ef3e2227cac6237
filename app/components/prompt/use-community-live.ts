import { useLocation } from "react-router";
import { useLivePrompts } from "./use-live-prompts.ts";
import type { ShownPrompts } from "./use-shown-prompts.ts";

/**
 * A community list follows new, edited and deleted shared prompts as they happen (a topic's list,
 * those of its topic), unless it is narrowed to the person's folders, tags or stars. A prompt
 * the search does not match, by the server's answer, stays off the list; a new one goes on top
 * only in the plain newest-first view, since in another order that is not its place.
 */
export function useCommunityLive(shown: ShownPrompts, list: { term: string; category?: string }) {
  const location = useLocation();
  const filters = new URLSearchParams(location.search);
  const newestFirst = (filters.get("sort") ?? (list.term ? "relevance" : "newest")) === "newest";
  useLivePrompts({
    enabled: !["folder", "tag", "starred"].some((key) => filters.has(key)),
    term: list.term,
    belongs: (prompt) =>
      prompt.isShared && (!list.category || prompt.category?.toLowerCase() === list.category),
    shows: shown.shows,
    onCreated: (prompt) => {
      if (newestFirst && prompt.match !== null) shown.list.prepend(prompt);
      shown.highlights.add(prompt);
    },
    onUpdated: (prompt) => {
      if (prompt.match !== null) shown.list.replace(prompt);
      shown.highlights.replace(prompt);
    },
    onDeleted: shown.remove,
  });
}
