import { marked } from "~/lib/highlight.tsx";
import type { BrowseCard } from "../../../shared/browse.ts";
import { previewContent } from "./card-parts.tsx";

/**
 * A shared prompt in the browse list: its title links to the prompt's own page, with its topic,
 * the start of its text (or, in a search, the words around the match the server found), who
 * shared it and how often it was copied and saved.
 */
export function BrowseCardView(props: { prompt: BrowseCard }) {
  const { prompt } = props;
  const chip =
    prompt.category && prompt.category.toLowerCase() !== prompt.title.toLowerCase()
      ? prompt.category
      : null;
  return (
    <article aria-label={prompt.title} className="card">
      <h2 className="card-title">
        <a href={prompt.href} className="hover:underline">
          {marked(prompt.title, prompt.match?.title ?? [])}
        </a>
      </h2>
      {chip ? <span className="card-chip self-start">{chip}</span> : null}
      <p className="card-preview">{previewContent(prompt)}</p>
      <p className="card-foot">
        <span>{`by ${prompt.creatorName}`}</span>
        {uses(prompt) ? <span className="whitespace-nowrap">{uses(prompt)}</span> : null}
      </p>
    </article>
  );
}

/**
 * How often it was copied and how many saved it, each only when it happened: never "0 copies"
 * beside a prompt people saved (issue 42); nothing for a prompt nobody used yet.
 */
export function uses(prompt: Pick<BrowseCard, "copyCount" | "saveCount">) {
  const parts = [
    prompt.copyCount > 0 ? counted(prompt.copyCount, "copy", "copies") : null,
    prompt.saveCount > 0 ? `saved by ${prompt.saveCount.toLocaleString("en-US")}` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

function counted(n: number, one: string, many: string) {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString("en-US")} ${many}`;
}
