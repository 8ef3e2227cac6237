import { useMemo, useState } from "react";
import { changedWords, type DiffPart, folded, wordDiff } from "~/lib/word-diff.ts";

/**
 * Two texts side by side (stacked on a phone), compared word by word: the older with what the
 * newer removed struck through, the newer with what it added marked. Each change is an <ins> or
 * <del> that also says "added" or "removed" to screen readers, which do not announce the
 * elements themselves. Long unchanged stretches fold to a button that shows them again, in
 * both panes at once, so a change at the end of a long prompt is in view.
 *
 * `alternatives` compares two texts neither of which came from the other (an edited copy and
 * its changed original): each pane marks the words only it has, and nothing is struck through,
 * since neither side removed what the other wrote. The phrases say whose words they are.
 */
export function VersionDiff(props: {
  older: { label: string; text: string };
  newer: { label: string; text: string };
  alternatives?: { olderOnly: string; newerOnly: string };
}) {
  const parts = useMemo(
    () => wordDiff(props.older.text, props.newer.text),
    [props.older.text, props.newer.text],
  );
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const unfold = (index: number) => setUnfolded(new Set([...unfolded, index]));
  const { added, removed } = changedWords(parts);
  const { alternatives } = props;
  return (
    <div className="mt-4">
      <p className="text-sm text-muted" aria-live="polite">
        {props.older.text === props.newer.text
          ? "The two texts are the same."
          : alternatives
            ? `${words(removed)} ${alternatives.olderOnly}, ${words(added)} ${alternatives.newerOnly}.`
            : `${words(added)} added, ${words(removed)} removed.`}
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        {(["removed", "added"] as const).map((shows) => (
          <DiffPane
            key={shows}
            label={shows === "removed" ? props.older.label : props.newer.label}
            parts={parts}
            shows={shows}
            only={alternatives?.[shows === "removed" ? "olderOnly" : "newerOnly"]}
            unfolded={unfolded}
            onUnfold={unfold}
          />
        ))}
      </div>
    </div>
  );
}

const words = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "word" : "words"}`;

function DiffPane(props: {
  label: string;
  parts: DiffPart[];
  shows: "added" | "removed";
  /** Alternatives: what this pane's own words are called ("only in your copy"). */
  only?: string;
  unfolded: ReadonlySet<number>;
  onUnfold: (index: number) => void;
}) {
  const last = props.parts.length - 1;
  return (
    <section aria-label={props.label} className="min-w-0">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{props.label}</h4>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long text scrolls within its pane, which must then be reachable by keyboard to scroll it.
        tabIndex={0}
        className="mt-1 max-h-[50vh] overflow-auto rounded-lg bg-canvas p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg ring-1 ring-line focus-visible:outline-2 focus-visible:outline-focus"
      >
        {props.parts.map((part, index) => {
          const key = `${index}-${part.kind}`;
          if (part.kind === "same") {
            const fold = props.unfolded.has(index) ? null : folded(part.text, index, last);
            if (!fold) return part.text;
            return (
              <span key={key}>
                {fold.head}
                <button
                  type="button"
                  onClick={() => props.onUnfold(index)}
                  className="my-1 rounded-md bg-subtle px-2 py-0.5 font-sans text-xs text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
                >
                  Show {fold.hidden.toLocaleString("en-US")} unchanged lines
                </button>
                {fold.tail}
              </span>
            );
          }
          if (part.kind !== props.shows) return null;
          if (props.only) return <OnlyHere key={key} only={props.only} text={part.text} />;
          return <Change key={key} kind={part.kind} text={part.text} />;
        })}
      </pre>
    </section>
  );
}

const changeMarks = {
  added: {
    Element: "ins",
    className: "bg-success-soft text-success-text no-underline ring-success-line",
  },
  removed: { Element: "del", className: "bg-danger-soft text-danger-text ring-danger-line" },
} as const;

/** A change, marked for the eye and said to screen readers. */
function Change(props: { kind: "added" | "removed"; text: string }) {
  const { Element, className } = changeMarks[props.kind];
  return (
    <Element className={`rounded-sm ring-1 ${className}`}>
      <span className="sr-only">[{props.kind}: </span>
      {props.text}
      <span className="sr-only">]</span>
    </Element>
  );
}

/** Words one of two alternatives has and the other does not: marked, never struck through. */
function OnlyHere(props: { only: string; text: string }) {
  return (
    <mark className="rounded-sm border-b-2 border-accent bg-accent-soft-strong text-fg">
      <span className="sr-only">[{props.only}: </span>
      {props.text}
      <span className="sr-only">]</span>
    </mark>
  );
}
