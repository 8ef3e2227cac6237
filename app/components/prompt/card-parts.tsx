import type { ReactNode } from "react";
import { Link } from "react-router";
import { highlight } from "~/lib/highlight.tsx";
import { previewOf } from "../../../shared/markdown-preview.ts";
import { previewLength } from "../../../shared/prompt.ts";

/**
 * A card's title, whole (up to two lines), with its use case as a chip when that says something
 * else, and any badge given. Chips wrap between words and never split one. A shared prompt's
 * title links to its public page (`href`).
 */
export function CardTitle(props: {
  title: string;
  category: string | null;
  term: string;
  href?: string;
  children?: ReactNode;
}) {
  const { title, category, term } = props;
  const chip = category && category.toLowerCase() !== title.toLowerCase() ? category : null;
  return (
    <div className="min-w-0">
      <h3 title={title} className="card-title">
        {props.href ? (
          <Link to={props.href} className="hover:underline">
            {highlight(title, term)}
          </Link>
        ) : (
          highlight(title, term)
        )}
      </h3>
      {chip ? <span className="card-chip">{highlight(chip, term)}</span> : null}
      {props.children}
    </div>
  );
}

/** Whether a card has more to show than its preview. */
export function hasMore(prompt: { promptText: string; truncated: boolean }) {
  return prompt.truncated || Array.from(prompt.promptText).length > previewLength;
}

/**
 * The prompt's text: a plain preview of five lines at most (the words around a search's match
 * when it lies further on), or, expanded, the whole text with its lines and Markdown as written,
 * in a monospace block. Rendered as text, never as HTML.
 */
export function CardText(props: {
  prompt: { promptText: string; matchExcerpt?: string };
  whole: string | undefined;
  term: string;
}) {
  if (props.whole !== undefined) {
    return (
      <pre className="mt-3 max-h-[32rem] overflow-auto rounded-lg bg-canvas p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg">
        {highlight(props.whole, props.term)}
      </pre>
    );
  }
  return (
    <p data-preview className="card-preview">
      {highlight(previewOf(props.prompt, props.term, previewLength), props.term)}
    </p>
  );
}

/** Show more / Show less, and Loading... while the whole text is on its way. */
export function ShowMoreButton(props: { expanded: boolean; busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={props.expanded}
      aria-busy={props.busy || undefined}
      onClick={props.onClick}
      className="card-more"
    >
      {props.busy ? "Loading..." : props.expanded ? "Show less" : "Show more"}
    </button>
  );
}
