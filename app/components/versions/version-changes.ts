import { topics } from "../../../shared/topics.ts";
import type { VersionSummary } from "../../../shared/versions.ts";

type Named = Pick<VersionSummary, "title" | "category">;

/**
 * What changed between two versions besides the text, said as what it is: a prompt filed under
 * another topic library, or given another use case (its title and category both come from it).
 * Empty when only the text changed, or nothing did.
 */
export function versionChanges(older: Named, newer: Named): string[] {
  const changes: string[] = [];
  const categoryChanged = older.category !== newer.category;
  if (categoryChanged && (topicName(older.category) || topicName(newer.category))) {
    changes.push(`Topic changed from ${topicText(older.category)} to ${topicText(newer.category)}`);
    if (older.title !== newer.title) {
      changes.push(`Title changed from “${older.title}” to “${newer.title}”`);
    }
  } else if (categoryChanged) {
    changes.push(`Use case changed from ${quoted(older.category)} to ${quoted(newer.category)}`);
  } else if (older.title !== newer.title) {
    changes.push(`Title changed from “${older.title}” to “${newer.title}”`);
  }
  return changes;
}

const topicName = (category: string | null) =>
  topics.find((topic) => topic.category === category)?.name ?? null;

const topicText = (category: string | null) =>
  topicName(category) ?? (category === null ? "none" : `“${category}”`);

const quoted = (useCase: string | null) => (useCase === null ? "none" : `“${useCase}”`);
