import { useCallback, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Prompt, PromptListData } from "../../../shared/prompt.ts";

/**
 * The prompts on screen: the loader's first page plus the pages fetched with "Load more".
 * After a change the loader's fresh first page replaces the old one and the added pages stay
 * (minus anything now on the first page); a different search, filter or order starts over.
 */
export function usePromptList(data: PromptListData) {
  const location = useLocation();
  const more = useFetcher<PromptListData>();
  const [firstPage, setFirstPage] = useState<Prompt[]>(data.page?.items ?? []);
  const [added, setAdded] = useState<Prompt[]>([]);
  const [cursor, setCursor] = useState(data.page?.nextCursor ?? null);
  const [shown, setShown] = useState({ data, search: location.search });

  if (shown.data !== data) {
    const sameList = shown.search === location.search && data.page !== null;
    const fresh = data.page?.items ?? [];
    setShown({ data, search: location.search });
    setFirstPage(fresh);
    if (sameList && added.length > 0) {
      const ids = new Set(fresh.map((prompt) => prompt.id));
      setAdded(added.filter((prompt) => !ids.has(prompt.id)));
    } else {
      setAdded([]);
      setCursor(data.page?.nextCursor ?? null);
    }
  }

  useEffect(() => {
    const page = more.data?.page;
    if (!page) return;
    setAdded((current) => [...current, ...page.items]);
    setCursor(page.nextCursor);
  }, [more.data]);

  const loadMore = useCallback(() => {
    if (!cursor) return;
    const params = new URLSearchParams(location.search);
    params.set("cursor", cursor);
    void more.load(`${location.pathname}?${params}`);
  }, [cursor, location.pathname, location.search, more]);

  const without = (id: string) => (list: Prompt[]) => list.filter((prompt) => prompt.id !== id);
  const replacing = (next: Prompt) => (list: Prompt[]) =>
    list.map((prompt) => (prompt.id === next.id ? next : prompt));
  return {
    items: [...firstPage, ...added],
    hasMore: cursor !== null,
    loadingMore: more.state !== "idle",
    loadMore,
    remove: (id: string) => {
      setFirstPage(without(id));
      setAdded(without(id));
    },
    replace: (prompt: Prompt) => {
      setFirstPage(replacing(prompt));
      setAdded(replacing(prompt));
    },
    /** A prompt that arrived while the list was open goes on top (once). */
    prepend: (prompt: Prompt) =>
      setFirstPage((list) =>
        list.some((item) => item.id === prompt.id) ? list : [prompt, ...list],
      ),
  };
}
