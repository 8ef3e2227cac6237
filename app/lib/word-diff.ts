import { diffLines, diffWordsWithSpace } from "diff";

/** A run of text both versions share, or one only the older (removed) or newer (added) has. */
export interface DiffPart {
  text: string;
  kind: "same" | "added" | "removed";
}

/** How long a word-level comparison may take before a coarser one is used instead. */
const wordDiffTimeoutMs = 300;

/**
 * Two versions compared word by word (spaces and line breaks kept as written). Two long texts
 * that differ almost everywhere would take the word comparison seconds: past its budget it falls
 * back to whole lines, and past that to "all removed, all added". Either way the parts rebuild
 * both texts exactly.
 */
export function wordDiff(older: string, newer: string): DiffPart[] {
  const changes =
    diffWordsWithSpace(older, newer, { timeout: wordDiffTimeoutMs }) ??
    diffLines(older, newer, { timeout: wordDiffTimeoutMs });
  if (!changes) {
    return [
      { text: older, kind: "removed" as const },
      { text: newer, kind: "added" as const },
    ].filter((part) => part.text !== "");
  }
  return changes.map((change) => ({
    text: change.value,
    kind: change.added ? "added" : change.removed ? "removed" : "same",
  }));
}

/** The words (runs of non-space) each side changed, for a one-line summary. */
export function changedWords(parts: DiffPart[]) {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.kind === "added") added += words(part.text);
    if (part.kind === "removed") removed += words(part.text);
  }
  return { added, removed };
}
