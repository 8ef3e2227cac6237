import type { ReactNode } from "react";
import { Link } from "react-router";
import { marked } from "~/lib/highlight.tsx";
import { previewOf } from "../../../shared/markdown-preview.ts";
import { previewLength } from "../../../shared/prompt.ts";
import type { SearchMatch, TextRange } from "../../../shared/search-match.ts";

/**
 * A card's title, whole (up to two lines), with its use case as a chip when that says something
 * else, and any badge given. Chips wrap between words and never split one. A shared prompt's
 * title links to its public page (`href`). In a search, the places the server found the term
 * are marked.
 */
export function CardTitle(props: {
  title: string;
  category: string | null;
  match?: SearchMatch | null;
  href?: string;
  children?: ReactNode;
}) {
  const { title, category } = props;
  const chip = category && category.toLowerCase() !== title.toLowerCase() ? category : null;
  const heading = marked(title, props.match?.title ?? []);
  return (
    <div className="min-w-0">
      <h3 title={title} className="card-title">
        {props.href ? (
          <Link to={props.href} className="hover:underline">
            {heading}
          </Link>
        ) : (
          heading
        )}
      </h3>
      {chip ? <span className="card-chip">{marked(chip, props.match?.category ?? [])}</span> : null}
      {props.children}
    </div>
  );
}

/** Whether a card has more to show than its preview. */
export function hasMore(prompt: { promptText: string; truncated: boolean }) {
  return prompt.truncated || Array.from(prompt.promptText).length > previewLength;
}

/**
 * The prompt's preview: five lines at most of its plain text. In a search it is the one the
 * server gave, the words around the match when it lies further on, with the term marked.
 * Rendered as text, never as HTML.
 */
export function CardPreview(props: { prompt: Previewed }) {
  return (
    <p data-preview className="card-preview">
      {previewContent(props.prompt)}
    </p>
  );
}

type Previewed = { promptText: string; match?: SearchMatch | null };

/** A preview's words: the server's in a search, with the term marked; else the text's start. */
export function previewContent(prompt: Previewed) {
  const preview = prompt.match?.preview;
  return preview ? marked(preview.text, preview.marks) : previewOf(prompt, "", previewLength);
}

/** The whole text, expanded: its lines and Markdown as written, in a monospace block. */
export function CardWholeText(props: { text: string; marks: readonly TextRange[] }) {
  return (
    <pre className="mt-3 max-h-[32rem] overflow-auto rounded-lg bg-canvas p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg">
      {marked(props.text, props.marks)}
    </pre>
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
