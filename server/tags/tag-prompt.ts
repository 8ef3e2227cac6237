import { and, eq, sql } from "drizzle-orm";
import { tagRefusals } from "../../shared/messages.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptTags, tags } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertOwn, promptOwnership, requireViewer } from "../prompts/prompt-access.ts";
import { findOwnTag } from "./tag-lookup.ts";

/**
 * Tags one of the viewer's prompts, creating the tag (in the case typed) the first time; a tag
 * the prompt already has, in any case, is refused with its reason. The database refuses a tag
 * past the limit per prompt, counting taggings made at the same moment
 * (drizzle/0010_library-limits.sql).
 */
export async function tagPrompt(options: {
  db: Database;
  viewer: Viewer | null;
  promptId: string;
  name: string;
}) {
  const viewer = requireViewer(options.viewer);
  assertOwn(await promptOwnership(options.db, options.promptId, viewer), viewer);
  await options.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into ${tags} (user_id, name) values (${viewer.userId}, ${options.name}) on conflict do nothing`,
    );
    const tag = await findOwnTag(tx, viewer, options.name);
    if (!tag) throw new Error("tag vanished");
    const added = await tx
      .insert(promptTags)
      .values({ promptId: options.promptId, tagId: tag.id })
      .onConflictDoNothing()
      .returning({ tagId: promptTags.tagId });
    // Said rather than passed over: "Email" typed on a prompt tagged "email" changes nothing.
    if (added.length === 0) {
      throw new AppError(
        "invalid_input",
        tagRefusals.alreadyOnPrompt(tag.name),
        "tag_already_on_prompt",
      );
    }
  });
}

/** Takes a tag off one of the viewer's prompts; the tag itself stays for next time. */
export async function untagPrompt(options: {
  db: Database;
  viewer: Viewer | null;
  promptId: string;
  name: string;
}) {
  const viewer = requireViewer(options.viewer);
  assertOwn(await promptOwnership(options.db, options.promptId, viewer), viewer);
  const tag = await findOwnTag(options.db, viewer, options.name);
  if (!tag) return;
  await options.db
    .delete(promptTags)
    .where(and(eq(promptTags.promptId, options.promptId), eq(promptTags.tagId, tag.id)));
}
