import type { PublicPrompt } from "../../../shared/prompt.ts";
import { LocalDate } from "./local-date.tsx";

/** A community prompt on a public page: read-only, an excerpt of its text. */
export function PublicPromptCard(props: { prompt: PublicPrompt }) {
  const { prompt } = props;
  return (
    <article className="flex h-full flex-col rounded-xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <h3 className="font-semibold text-fg">{prompt.title}</h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg-soft">
        {prompt.truncated ? `${prompt.promptText}...` : prompt.promptText}
      </p>
      <p className="mt-4 flex justify-between text-xs text-muted">
        <span>{`by ${prompt.creatorName}`}</span>
        <LocalDate value={prompt.createdAt} />
      </p>
    </article>
  );
}
