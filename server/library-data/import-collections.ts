import { eq } from "drizzle-orm";
import { z } from "zod";
import { collectionsPerPerson, itemsPerCollection } from "../../shared/collection.ts";
import type { Viewer } from "../auth/viewer.ts";
import { promptsToCollect } from "../collections/collection-access.ts";
import { addItemInput, createCollectionInput } from "../collections/collection-input.ts";
import type { Database } from "../db/client.ts";
import { collectionItems, collections } from "../db/schema.ts";
import { ownPromptsByText, textHash } from "../prompts/same-text.ts";
import { fail, type ImportedPrompt, importDate } from "./import-rules.ts";

/**
 * A collection as a PromptShelf JSON file holds it: what making one by hand takes (title,
 * description, public or not), checked by the same rules, and its items as adding one takes
 * them (a prompt's id and a note). What else an item says of its prompt is for people to read.
 */
export const collectionEntry = createCollectionInput.extend({
  items: z.array(addItemInput).default([]),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** An item's prompt: one of the file's, by its text's hash (as stored), or any other, by its id. */
type ItemPrompt = { hash: string } | { id: string };

/** A collection of a file, as an import would make it. */
export interface ImportedCollection {
  title: string;
  description: string;
  isPublic: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
  items: { prompt: ItemPrompt; note: string }[];
}

/** What an import says of the file's collections. */
export interface CollectionsReport {
  newCollections: number;
  /** Collections skipped because the person has one of that title. */
  collectionsInLibrary: number;
  /** Items skipped: their prompt is not here, or not shared, or the collection holds it already. */
  collectionItemsSkipped: number;
}

/**
 * Stops the import, before reading another collection, of a file that holds more than a person
 * may keep: `before` is how many the file held up to it.
 */
export function assertCollectionFits(before: number) {
  if (before < collectionsPerPerson) return;
  fail(
    "The file",
    `it holds more than ${collectionsPerPerson} collections, the most a person keeps`,
    "payload_too_large",
    "collection_limit",
  );
}

/**
 * One collection of a file: no more items than a collection holds, dates as a prompt's are
 * taken, and each item's prompt found among the file's prompts by its id (`inFile`), else left
 * to be found here by its id.
 */
export function importedCollection(
  entry: z.infer<typeof collectionEntry>,
  where: string,
  inFile: (promptId: string) => ImportedPrompt | undefined,
  now: Date,
): ImportedCollection {
  if (entry.items.length > itemsPerCollection) {
    fail(
      where,
      `it holds more than ${itemsPerCollection} prompts, the most a collection holds`,
      "payload_too_large",
      "collection_full",
    );
  }
  return {
    title: entry.title,
    description: entry.description,
    isPublic: entry.isPublic,
    createdAt: importDate(entry.createdAt ?? null, where, now),
    updatedAt: importDate(entry.updatedAt ?? null, where, now),
    items: entry.items.map((item) => {
      const prompt = inFile(item.promptId);
      return {
        prompt: prompt ? { hash: textHash(prompt.promptText) } : { id: item.promptId },
        note: item.note,
      };
    }),
  };
}

/**
 * The file's collections an import would make, and what it would skip: a collection whose title
 * one of the person's has (as the file's prompts already in the library are skipped), and items
 * that would not resolve. The file's new prompts are not written yet: each stands for itself.
 */
export async function planCollections(
  db: Pick<Database, "select">,
  viewer: Viewer,
  file: ImportedCollection[],
  fresh: ImportedPrompt[],
): Promise<{ make: ImportedCollection[]; report: CollectionsReport }> {
  if (file.length === 0) {
    return {
      make: [],
      report: { newCollections: 0, collectionsInLibrary: 0, collectionItemsSkipped: 0 },
    };
  }
  const have = new Set(
    (
      await db
        .select({ title: collections.title })
        .from(collections)
        .where(eq(collections.userId, viewer.userId))
    ).map((row) => row.title),
  );
  const make = file.filter((collection) => !have.has(collection.title));
  const named = namedTexts(make);
  const pending = new Map<string, ImportedPrompt>();
  if (named.length > 0) {
    const wanted = new Set(named);
    for (const prompt of fresh) {
      const hash = textHash(prompt.promptText);
      if (wanted.has(hash) && !pending.has(hash)) pending.set(hash, prompt);
    }
  }
  const { skipped } = await resolveItems(db, viewer, make, pending);
  return {
    make,
    report: {
      newCollections: make.length,
      collectionsInLibrary: file.length - make.length,
      collectionItemsSkipped: skipped,
    },
  };
}

/**
 * Makes the collections, each item in its order, in the transaction that ends the import (after
 * its prompts are written): the collection limits are the database's, as for any other write.
 * Returns how many items were skipped.
 */
export async function makeCollections(
  tx: Pick<Database, "select" | "insert">,
  viewer: Viewer,
  make: ImportedCollection[],
) {
  if (make.length === 0) return 0;
  const { lists, skipped } = await resolveItems(tx, viewer, make, new Map());
  const made = await tx
    .insert(collections)
    .values(
      make.map(({ title, description, isPublic, createdAt, updatedAt }) => {
        // With no time of its own, its last change is its creation, as an imported prompt's.
        const changed = updatedAt ?? createdAt;
        return {
          userId: viewer.userId,
          title,
          description,
          isPublic,
          ...(createdAt ? { createdAt } : {}),
          ...(changed ? { updatedAt: changed } : {}),
        };
      }),
    )
    .returning({ id: collections.id });
  for (const [index, items] of lists.entries()) {
    const collectionId = made[index]?.id;
    if (!collectionId || items.length === 0) continue;
    await tx
      .insert(collectionItems)
      .values(items.map((item, position) => ({ collectionId, ...item, position })));
  }
  return skipped;
}

/** The text hashes of the file's prompts the items name. */
function namedTexts(make: ImportedCollection[]) {
  const hashes = make.flatMap((collection) =>
    collection.items.flatMap(({ prompt }) => ("hash" in prompt ? [prompt.hash] : [])),
  );
  return [...new Set(hashes)];
}

/**
 * Each collection's items as they would be made, in order, each prompt once: an item naming one
 * of the file's prompts is the person's prompt with its text (the one imported, or the one the
 * import skipped it for); any other, the prompt of its id. Only a prompt that may go into a
 * collection (collection-access.ts) is kept; the other items are skipped and counted. `pending`
 * are the file's prompts an import would add, by text, when they are not written yet.
 */
async function resolveItems(
  db: Pick<Database, "select">,
  viewer: Viewer,
  make: ImportedCollection[],
  pending: Map<string, ImportedPrompt>,
) {
  const byText = await ownPromptsByText(db, viewer.userId, namedTexts(make));
  // A prompt not written yet stands in by its hash; once written, it may go into a collection if
  // the file shares it, which is what the check below will say of it then.
  const pendingShared = new Set<string>();
  for (const [hash, prompt] of pending) {
    if (byText.has(hash)) continue;
    const stand = `new:${hash}`;
    byText.set(hash, stand);
    if (prompt.shared) pendingShared.add(stand);
  }
  const idOf = (prompt: ItemPrompt) => ("id" in prompt ? prompt.id : byText.get(prompt.hash));
  const ids = make.flatMap((collection) =>
    collection.items.flatMap((item) => idOf(item.prompt) ?? []),
  );
  const collectable = await promptsToCollect(db, viewer, ids);
  let skipped = 0;
  const lists = make.map((collection) => {
    const kept = new Map<string, { promptId: string; note: string }>();
    for (const item of collection.items) {
      const id = idOf(item.prompt);
      if (id && !kept.has(id) && (collectable.get(id) || pendingShared.has(id))) {
        kept.set(id, { promptId: id, note: item.note });
      } else skipped++;
    }
    return [...kept.values()];
  });
  return { lists, skipped };
}
