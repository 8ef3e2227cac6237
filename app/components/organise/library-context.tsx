import { createContext, useContext } from "react";
import type { Folder } from "../../../server/folders/list-folders.ts";
import type { Tag } from "../../../server/tags/list-tags.ts";
import type { TeamSummary } from "../../../shared/teams.ts";

export type { Folder, Tag };

/**
 * What a list's cards need besides their prompt: the person's folders, tags and teams (on their
 * own library only) and a way to ask the page to reload after a change.
 */
export interface LibraryContextValue {
  folders: Folder[] | null;
  tags: Tag[];
  /** The teams a prompt of theirs may be moved into. */
  teams: TeamSummary[];
  refresh: () => void;
}

const LibraryContext = createContext<LibraryContextValue>({
  folders: null,
  tags: [],
  teams: [],
  refresh: () => {},
});

export const LibraryProvider = LibraryContext.Provider;

export function useLibrary() {
  return useContext(LibraryContext);
}
