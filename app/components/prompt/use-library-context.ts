import { useMemo } from "react";
import { useRevalidator } from "react-router";
import type { Folder, LibraryContextValue, Tag } from "~/components/organise/library-context.tsx";

/**
 * What a library page's cards need besides their prompt: the library's folders and tags, where
 * the page has them, and a way to reload the page after a change made from a card.
 */
export function useLibraryContext(organisers?: {
  folders: Folder[];
  tags: Tag[];
}): LibraryContextValue {
  const revalidator = useRevalidator();
  return useMemo(
    () => ({
      folders: organisers?.folders ?? null,
      tags: organisers?.tags ?? [],
      refresh: () => void revalidator.revalidate(),
    }),
    [organisers, revalidator],
  );
}
