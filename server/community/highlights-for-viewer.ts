import { and, inArray } from "drizzle-orm";
import type { Prompt } from "../../shared/prompt.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { prompts } from "../db/schema.ts";
import { sharedNow } from "../prompts/prompt-access.ts";
import { selectPrompts, toPrompt } from "../prompts/prompt-view.ts";
import type { CommunityHighlights } from "./community-highlights.ts";

/**
 * The day's highlights as a signed-in person's cards show them: with their own star, whether it
 * is theirs, and so what they may do with it. The highlights themselves are chosen once for
 * everyone; this reads their few prompts again for the viewer. One that has been deleted or made
 * private since they were chosen is left out.
 */
export async function highlightsForViewer(options: {
  db: Database;
  viewer: Viewer;
  highlights: CommunityHighlights;
}) {
  const { promptOfTheDay, freshToday, freshCount } = options.highlights;
  const ids = [...(promptOfTheDay ? [promptOfTheDay.id] : []), ...freshToday.map((p) => p.id)];
  const rows =
    ids.length === 0
      ? []
      : await selectPrompts(options.db, options.viewer).where(
          and(sharedNow(), inArray(prompts.id, ids)),
        );
  const byId = new Map<string, Prompt>(rows.map((row) => [row.id, toPrompt(row, options.viewer)]));
  const fresh = freshToday.flatMap((prompt) => byId.get(prompt.id) ?? []);
  return {
    promptOfTheDay: (promptOfTheDay && byId.get(promptOfTheDay.id)) ?? null,
    freshToday: fresh,
    freshCount: freshCount - (freshToday.length - fresh.length),
  };
}
