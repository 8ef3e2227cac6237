import { Pencil, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useLibrary } from "~/components/organise/library-context.tsx";
import { MoveToMenu } from "~/components/organise/move-to-menu.tsx";
import { SaveButton } from "~/components/organise/save-button.tsx";
import { StarButton } from "~/components/organise/star-button.tsx";
import { TagEditor } from "~/components/organise/tag-editor.tsx";
import { TemplateDialog } from "~/components/organise/template-dialog.tsx";
import { api } from "~/lib/api-client.ts";
import { highlight } from "~/lib/highlight.tsx";
import { type Prompt, previewLength } from "~/lib/prompt.ts";
import { CopyButton } from "./copy-button.tsx";
import { DeleteButton } from "./delete-button.tsx";
import { LocalDate } from "./local-date.tsx";

export interface CardActions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
  deleting: boolean;
}

/** The drag data that carries a prompt to a folder. */
export const promptDragType = "application/x-promptshelf-prompt";

/**
 * A prompt: its category, text (with search matches marked), creator and date, and what the
 * person may do with it: copy, star, use as a template, save, and on their own, edit, delete,
 * tag and file (by "Move to..." or by dragging onto a folder).
 */
export function PromptCard(props: {
  prompt: Prompt;
  term: string;
  showCreator: boolean;
  actions: CardActions;
}) {
  const { prompt, term, actions } = props;
  const { folders } = useLibrary();
  const [expanded, setExpanded] = useState(false);
  const organisable = prompt.isOwn && folders !== null;
  const long = prompt.promptText.length > previewLength;
  const shown =
    long && !expanded ? `${prompt.promptText.slice(0, previewLength)}...` : prompt.promptText;
  const countCopy = () => void api("POST", `/api/v1/prompts/${prompt.id}/copies`).catch(() => {});

  return (
    <article
      aria-label={prompt.title}
      draggable={organisable}
      onDragStart={(event) => {
        event.dataTransfer.setData(promptDragType, prompt.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {prompt.category ? (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium break-all text-brand-700">
              {highlight(prompt.category, term)}
            </span>
          ) : (
            <span className="text-xs font-medium text-slate-500">{prompt.title}</span>
          )}
          {props.showCreator && prompt.isAdminCreated ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">
              <ShieldCheck className="h-3 w-3" aria-hidden="true" /> Admin
            </span>
          ) : null}
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0 items-center">
          <CopyButton
            text={prompt.promptText}
            label={`Copy ${prompt.title}`}
            onCopied={countCopy}
          />
          {actions.canEdit ? (
            <button
              type="button"
              aria-label={`Edit ${prompt.title}`}
              onClick={() => actions.onEdit(prompt)}
              className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null}
          {organisable ? <MoveToMenu prompt={prompt} /> : null}
          {actions.canDelete ? (
            <DeleteButton
              title={prompt.title}
              busy={actions.deleting}
              onConfirm={() => actions.onDelete(prompt)}
            />
          ) : null}
        </div>
      </header>
      <p className="mt-3 flex-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-700">
        {highlight(shown, term)}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="mt-2 self-start text-sm font-medium text-brand-700 hover:underline"
        >
          {expanded ? "Show less" : "Show more"}
        </button>
      ) : null}
      {organisable ? <TagEditor prompt={prompt} /> : null}
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span>
          {props.showCreator ? `by ${prompt.creatorName} · ` : null}
          <LocalDate value={prompt.createdAt} />
        </span>
        <span className="flex items-center">
          <TemplateDialog prompt={prompt} onCopied={countCopy} />
          {prompt.isOwn ? null : <SaveButton prompt={prompt} />}
          <StarButton prompt={prompt} />
        </span>
      </footer>
    </article>
  );
}
