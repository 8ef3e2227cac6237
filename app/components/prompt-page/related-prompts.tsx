import { Link } from "react-router";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { cutAtWord, plainText } from "../../../shared/markdown-preview.ts";
import type { PublicPrompt } from "../../../shared/prompt.ts";
import { promptPath } from "../../../shared/public-address.ts";

/** Up to six shared prompts like this one, each a link to its own page. */
export function RelatedPrompts(props: { prompts: PublicPrompt[] }) {
  if (props.prompts.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="text-xl font-bold text-fg">
        Related prompts
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {props.prompts.map((prompt) => (
          <li key={prompt.id} className="min-w-0 rounded-xl bg-surface p-4 ring-1 ring-line">
            <Link
              to={promptPath(prompt)}
              className="font-semibold text-accent-text [overflow-wrap:anywhere] hover:underline"
            >
              {prompt.title}
            </Link>
            <p className="mt-2 line-clamp-3 text-sm text-muted [overflow-wrap:anywhere]">
              {cutAtWord(plainText(prompt.promptText), 150)}
            </p>
            <p className="mt-2 text-xs text-faint">
              {`by ${prompt.creatorName} · `}
              <LocalDate value={prompt.createdAt} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
