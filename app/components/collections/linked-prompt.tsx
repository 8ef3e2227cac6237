import { Link } from "react-router";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { previewOf } from "../../../shared/markdown-preview.ts";
import { type PublicPrompt, previewLength } from "../../../shared/prompt.ts";

/**
 * A shared prompt on a public page, as a link to its own page: its title, the start of its
 * text, and, when the page shows several people's prompts, who shared it. A note from whoever
 * collected it comes below.
 */
export function LinkedPrompt(props: {
  prompt: PublicPrompt;
  path: string;
  showCreator?: boolean;
  note?: string;
}) {
  const { prompt } = props;
  return (
    <article className="flex h-full flex-col rounded-xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <h3 className="text-lg font-semibold text-fg">
        <Link to={props.path} className="wrap-anywhere text-accent-text hover:underline">
          {prompt.title}
        </Link>
      </h3>
      <p className="mt-2 line-clamp-4 text-sm wrap-anywhere text-fg-soft">
        {previewOf(prompt, "", previewLength)}
      </p>
      {props.note ? (
        <p className="mt-3 rounded-lg bg-subtle px-3 py-2 text-sm wrap-anywhere text-fg">
          {props.note}
        </p>
      ) : null}
      <p className="mt-auto pt-3 text-xs text-muted">
        {props.showCreator ? `by ${prompt.creatorName} · ` : null}
        <LocalDate value={prompt.createdAt} />
      </p>
    </article>
  );
}
