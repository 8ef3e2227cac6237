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

/** Lines of unchanged text kept around each change when the rest is folded away. */
const contextLines = 2;

/**
 * Unchanged part `index` of `last + 1` as the lines next to its changes and a count of the rest;
 * null when it is short enough to show whole. The text's own start and end need no context, and
 * a text that did not change at all is shown whole.
 */
export function folded(text: string, index: number, last: number) {
  if (last === 0) return null;
  const lines = text.split("\n");
  const head = index === 0 ? [] : lines.slice(0, contextLines);
  const tail = index === last ? [] : lines.slice(-contextLines);
  const hidden = lines.length - head.length - tail.length;
  if (hidden < 2 * contextLines + 1) return null;
  return {
    head: head.length > 0 ? `${head.join("\n")}\n` : "",
    hidden,
    tail: tail.length > 0 ? `\n${tail.join("\n")}` : "",
  };
}
