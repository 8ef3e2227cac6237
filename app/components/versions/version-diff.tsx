import { useMemo } from "react";
import { changedWords, type DiffPart, wordDiff } from "~/lib/word-diff.ts";

/**
 * Two texts side by side (stacked on a phone), compared word by word: the older with what the
 * newer removed struck through, the newer with what it added marked. Each change is an <ins> or
 * <del> that also says "added" or "removed" to screen readers, which do not announce the
 * elements themselves.
 */
export function VersionDiff(props: {
  older: { label: string; text: string };
  newer: { label: string; text: string };
}) {
  const parts = useMemo(
    () => wordDiff(props.older.text, props.newer.text),
    [props.older.text, props.newer.text],
  );
  const { added, removed } = changedWords(parts);
  return (
    <div className="mt-4">
      <p className="text-sm text-muted" aria-live="polite">
        {added === 0 && removed === 0 && props.older.text === props.newer.text
          ? "The two texts are the same."
          : `${words(added)} added, ${words(removed)} removed.`}
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <DiffPane label={props.older.label} parts={parts} shows="removed" />
        <DiffPane label={props.newer.label} parts={parts} shows="added" />
      </div>
    </div>
  );
}

const words = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "word" : "words"}`;

function DiffPane(props: { label: string; parts: DiffPart[]; shows: "added" | "removed" }) {
  return (
    <section aria-label={props.label} className="min-w-0">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{props.label}</h4>
      <pre className="mt-1 max-h-[50vh] overflow-auto rounded-lg bg-canvas p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg ring-1 ring-line">
        {props.parts.map((part, index) => {
          if (part.kind === "same") return part.text;
          if (part.kind !== props.shows) return null;
          const key = `${index}-${part.kind}`;
          return part.kind === "added" ? (
            <ins
              key={key}
              className="rounded-sm bg-success-soft text-success-text no-underline ring-1 ring-success-line"
            >
              <span className="sr-only">[added: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          ) : (
            <del
              key={key}
              className="rounded-sm bg-danger-soft text-danger-text ring-1 ring-danger-line"
            >
              <span className="sr-only">[removed: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          );
        })}
      </pre>
    </section>
  );
}
