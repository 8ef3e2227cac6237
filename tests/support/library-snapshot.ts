import { asc } from "drizzle-orm";
import type { Database } from "../../server/db/client.ts";
import { favourites, folders, prompts, promptTags, tags } from "../../server/db/schema.ts";

/** Every row a library operation could touch, in a stable order: equal snapshots, nothing changed. */
export async function librarySnapshot(db: Database) {
  return {
    prompts: await db.select().from(prompts).orderBy(asc(prompts.id)),
    folders: await db.select().from(folders).orderBy(asc(folders.id)),
    tags: await db.select().from(tags).orderBy(asc(tags.id)),
    promptTags: await db
      .select()
      .from(promptTags)
      .orderBy(asc(promptTags.promptId), asc(promptTags.tagId)),
    favourites: await db
      .select()
      .from(favourites)
      .orderBy(asc(favourites.userId), asc(favourites.promptId)),
  };
}
