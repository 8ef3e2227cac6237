import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "~/lib/app-context.ts";
import { publicPageHeaders } from "~/lib/public-cache.ts";
import { findRelatedPrompts } from "../../../server/prompts/find-related-prompts.ts";
import { findSharedPrompt } from "../../../server/prompts/find-shared-prompt.ts";
import { readSharedHistory } from "../../../server/versions/history.ts";
import { parseRef, promptPath } from "../../../shared/public-address.ts";

/**
 * A shared prompt's page: the prompt, its versions and related prompts, with the tags that drop
 * the kept page when what it shows changes (the prompt, how its creator is named, a related
 * prompt), and what it shows for a stored copy (its own and its related prompts' stamps). An
 * address with an old slug, or none, moves to the current one; a personal prompt is
 * not found, as is an id that never existed; a deleted shared prompt is gone. None of it depends
 * on who asks.
 */
export async function loadPromptPage(options: {
  context: Readonly<RouterContextProvider>;
  ref: string;
  search: string;
}) {
  const { db, showsPrompts } = options.context.get(appContext);
  const parsed = parseRef(options.ref);
  if (!parsed) throw refused(404);
  const found = await findSharedPrompt({ db, short: parsed.short });
  if (found.status === "gone") throw refused(410);
  if (found.status === "missing") throw refused(404);
  const { prompt, stamp, ownerId, creator } = found;
  const path = promptPath(prompt);
  if (`/p/${options.ref}` !== decodeURIComponent(path)) {
    throw redirect(`${path}${options.search}`, {
      status: 301,
      headers: { "Cache-Control": "public, max-age=3600" },
    });
  }
  const [history, relatedStamped] = await Promise.all([
    readSharedHistory({ db, id: prompt.id }),
    findRelatedPrompts({ db, prompt }),
  ]);
  const related = relatedStamped.map(({ stamp: _stamp, ...other }) => other);
  if (stamp) {
    showsPrompts([
      { id: prompt.id, stamp },
      ...relatedStamped.map(({ id, stamp }) => ({ id, stamp })),
    ]);
  }
  const tags = [
    `prompt:${prompt.id}`,
    ...(ownerId ? [`profile:${ownerId}`] : []),
    // A related prompt edited or deleted is not left linked for the rest of the minute.
    ...related.map((other) => `prompt:${other.id}`),
  ];
  return data(
    {
      // The creator as every public page names them: their profile's name and link when public.
      prompt: creator ? { ...prompt, creatorName: creator.displayName } : prompt,
      creatorPath: creator?.profilePath ?? null,
      path,
      versions: history.versions,
      related,
    },
    { headers: { ...publicPageHeaders(), "X-Kept-Tags": tags.join(" ") } },
  );
}

/** Not found or gone: the same for everyone, so a shared cache may keep it a minute. */
function refused(status: 404 | 410) {
  return data(null, { status, headers: { "Cache-Control": "public, max-age=60" } });
}
