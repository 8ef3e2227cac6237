import type { PublicPrompt } from "./prompt.ts";

/** How much a person may keep in collections: checked by the server on every write. */
export const collectionsPerPerson = 50;
export const itemsPerCollection = 100;
export const collectionTitleMaxLength = 80;
export const collectionDescriptionMaxLength = 500;
export const itemNoteMaxLength = 280;

/** A collection as its owner manages it, and as the API answers it. */
export interface CollectionSummary {
  id: string;
  title: string;
  description: string;
  isPublic: boolean;
  itemCount: number;
  starCount: number;
  /** Its page, `/c/<short id>-<slug>`: only public collections can be opened there. */
  path: string;
  createdAt: string;
  updatedAt: string;
  /** Asked about one prompt (`?prompt=<id>`): whether this collection holds it. */
  hasPrompt?: boolean;
}

/** One shared prompt in a collection, with the collector's note. */
export interface CollectionItem {
  prompt: PublicPrompt;
  note: string;
  /** The prompt's page, `/p/<short id>-<slug>`. */
  path: string;
}

export interface CollectionDetail extends CollectionSummary {
  items: CollectionItem[];
  owner: { id: string; displayName: string; profilePath: string | null };
  /** Whether the viewer starred it; false for a visitor. */
  starred: boolean;
  isOwn: boolean;
}

/** What "save the whole collection" did: prompts newly copied, and those already kept. */
export interface SaveCollectionResult {
  saved: number;
  alreadyInLibrary: number;
}
