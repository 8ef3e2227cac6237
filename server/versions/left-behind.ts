import { and, asc, eq, isNull } from "drizzle-orm";
import { type SharedContent, scanShared } from "../../shared/secret-scan.ts";
import type { LeftBehind } from "../../shared/versions.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../db/client.ts";
import { promptVersions } from "../db/schema.ts";
import { assertCanChange, checkedElsewhere, requireViewer } from "../prompts/prompt-access.ts";
import { visiblePrompt } from "./history.ts";

/**
 * The earlier versions of a prompt that still hold a secret or piece of personal data (the
 * privacy check's findings, in text, use case or note) that the current version no longer has:
 * what an edit took out but the history still shows. The privacy dialog offers to purge them
 * after such an edit. Only for those who may edit the prompt; it reads the whole history (at most
 * HISTORY_SIZE_LIMIT of text), so it is asked for, never computed with every history.
 */
export async function findLeftBehind(options: {
  db: Database;
  viewer: Viewer | null;
  id: string;
}): Promise<LeftBehind> {
  const viewer = requireViewer(options.viewer);
  const prompt = await visiblePrompt(options.db, viewer, options.id);
  assertCanChange(prompt, viewer);
  const now = new Set(
    found({ promptText: prompt.promptText, useCase: prompt.category, note: prompt.note }).map(
      ({ value }) => value,
    ),
  );
  const earlier = await options.db
    .select({
      number: promptVersions.number,
      promptText: promptVersions.promptText,
      useCase: promptVersions.category,
      note: promptVersions.note,
    })
    .from(promptVersions)
    .where(
      and(
        eq(promptVersions.promptId, prompt.id),
        isNull(promptVersions.purgedAt),
        checkedElsewhere("chosen-by-the-rule"),
      ),
    )
    .orderBy(asc(promptVersions.number));
  const versions = earlier.flatMap(({ number, ...content }) => {
    const gone = found(content).filter(({ value }) => !now.has(value));
    return gone.length ? [{ number, findings: gone.map(({ finding }) => finding) }] : [];
  });
  return { versions };
}

/** Each finding with the text it found, to compare versions by (never sent). */
function found(content: SharedContent) {
  return scanShared(content).map((finding) => ({
    finding,
    value: (content[finding.field] ?? "").slice(finding.start, finding.end),
  }));
}
