import { useMemo } from "react";
import { useRevalidator } from "react-router";
import type { Folder, LibraryContextValue, Tag } from "~/components/organise/library-context.tsx";
import { roleAtLeast, type TeamSummary } from "../../../shared/teams.ts";

/**
 * What a library page's cards need besides their prompt: the library's folders and tags, where
 * the page has them, the teams its prompts may move into, and a way to reload the page after a
 * change made from a card.
 */
export function useLibraryContext(organisers?: {
  folders: Folder[];
  tags: Tag[];
  teams?: TeamSummary[];
}): LibraryContextValue {
  const revalidator = useRevalidator();
  return useMemo(
    () => ({
      folders: organisers?.folders ?? null,
      tags: organisers?.tags ?? [],
      teams: (organisers?.teams ?? []).filter((team) => roleAtLeast(team.role, "editor")),
      refresh: () => void revalidator.revalidate(),
    }),
    [organisers, revalidator],
  );
}
