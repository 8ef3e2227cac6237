import { and, inArray } from "drizzle-orm";
import type { SaveCollectionResult } from "../../shared/collection.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { ownedBy, requireViewer } from "../prompts/prompt-access.ts";
import { saveToLibrary } from "../prompts/save-to-library.ts";
import { requireVisibleCollection } from "./collection-access.ts";
import { itemsOf } from "./collection-view.ts";

/**
 * Copies every shown prompt of a collection the viewer can see into their library, with the
 * same operation as one prompt's "Save to my library": a prompt already kept is not copied
 * again, nor is one of the viewer's own (it is in their library already). All or nothing: a library limit reached part way saves none of them, and says which.
 */
export async function saveCollection(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<SaveCollectionResult> {
  const viewer = requireViewer(options.viewer);
  const collection = await requireVisibleCollection(options.db, viewer, options.id);
  const ids = (await itemsOf(options.db, collection.id)).map((item) => item.prompt.id);
  const own = ids.length
    ? await options.db
        .select({ id: prompts.id })
        .from(prompts)
        .where(and(inArray(prompts.id, ids), ownedBy(viewer)))
    : [];
  const owned = new Set(own.map((row) => row.id));
  return options.db.transaction(async (tx) => {
    const result = { saved: 0, alreadyInLibrary: owned.size };
    for (const id of ids.filter((each) => !owned.has(each))) {
      const { created } = await saveToLibrary({ db: tx, viewer, id });
      if (created) result.saved++;
      else result.alreadyInLibrary++;
    }
    return result;
  });
}
