import { Fragment } from "react";
import { type FilledPiece, placeholderFor } from "../../../shared/template.ts";

/**
 * The filled prompt as it will be copied: a variable with no value shows as a marked
 * placeholder, [topic], rather than a gap, and is copied as that text.
 */
export function TemplatePreview(props: { filled: FilledPiece[] }) {
  const missing = [
    ...new Set(props.filled.flatMap((piece) => ("missing" in piece ? [piece.missing] : []))),
  ];
  // Each piece is keyed by where it starts in the filled text, which no other piece shares.
  let at = 0;
  const keyed = props.filled.map((piece) => {
    const text = "text" in piece ? piece.text : placeholderFor(piece.missing);
    const key = `${at}:${"text" in piece ? "t" : "m"}`;
    at += text.length + 1;
    return { piece, text, key };
  });
  return (
    <>
      <output
        aria-label="Filled prompt"
        // It scrolls when long, so it must take focus for a keyboard to scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
        tabIndex={0}
        className="mt-1 block max-h-64 overflow-y-auto rounded-lg bg-canvas p-3 text-sm break-words whitespace-pre-wrap text-fg ring-1 ring-line"
      >
        {keyed.map(({ piece, text, key }) =>
          "text" in piece ? (
            <Fragment key={key}>{text}</Fragment>
          ) : (
            <mark
              key={key}
              className="rounded bg-warning-soft px-0.5 font-medium text-warning-text ring-1 ring-warning-text/40"
            >
              {text}
            </mark>
          ),
        )}
      </output>
      {missing.length ? (
        <p className="mt-1 text-xs text-muted">
          Not filled in yet: {missing.join(", ")}. {missing.length === 1 ? "It is" : "They are"}{" "}
          copied as {missing.map(placeholderFor).join(", ")}.
        </p>
      ) : null}
    </>
  );
}
